-- Every server process keeps each member's progress towards achievements (features/achievements/
-- achievements.service.ts): their earned achievements and the value of every metric. Migration 0025's 'profiles'
-- events already name the members whose measurements were added, deleted or hidden, whose awards or followers
-- changed. These triggers name the rest, whoever writes them, on EVENTS_CHANNEL in the same transaction:
-- a measurement's evidence, date, likes, score, weight or creation time changed (its owner); its community check
-- state changed (every member who checked it); a size check given, changed or taken back (its checker).
-- Past 50 members, one event for all of them. Follows, at the end, tell the bells.
CREATE FUNCTION "progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_TABLE_NAME = 'size_checks' THEN
    IF TG_OP = 'INSERT' THEN
      SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT user_id::text AS id FROM new_rows LIMIT 51) d;
    ELSIF TG_OP = 'DELETE' THEN
      SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT user_id::text AS id FROM old_rows LIMIT 51) d;
    ELSE
      SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT id FROM (
          SELECT unnest(array[n.user_id::text, o.user_id::text]) AS id FROM new_rows n JOIN old_rows o ON o.id = n.id
          WHERE (n.verdict, n.measurement_id, n.user_id) IS DISTINCT FROM (o.verdict, o.measurement_id, o.user_id)
        ) changed LIMIT 51) d;
    END IF;
  ELSE
    SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT id FROM (
        SELECT n.user_id::text AS id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.evidence, n.taken_at, n.like_count, n.score, n.weight_lbs, n.created_at)
          IS DISTINCT FROM (o.evidence, o.taken_at, o.like_count, o.score, o.weight_lbs, o.created_at)
        UNION ALL
        SELECT c.user_id::text FROM new_rows n JOIN old_rows o ON o.id = n.id
          JOIN size_checks c ON c.measurement_id = n.id
        WHERE n.check_state IS DISTINCT FROM o.check_state
      ) changed LIMIT 51) d;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 50 THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'progress', 'all', true)::text);
  ELSE
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'progress', 'userIds', ids)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_progress_updated" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_checks_progress_inserted" AFTER INSERT ON "size_checks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_checks_progress_updated" AFTER UPDATE ON "size_checks"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "progress_changed"();
--> statement-breakpoint
CREATE TRIGGER "size_checks_progress_deleted" AFTER DELETE ON "size_checks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "progress_changed"();
--> statement-breakpoint
CREATE FUNCTION "all_progress_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'progress', 'all', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "size_checks_progress_emptied" AFTER TRUNCATE ON "size_checks"
  FOR EACH STATEMENT EXECUTE FUNCTION "all_progress_changed"();
--> statement-breakpoint
-- A follow made or ended changes which followers-only posts the follower's bell may show
-- (features/notifications/notifications.cache.ts keeps each bell until an event names its member): one
-- 'notifications' event per follower of the statement, whoever writes.
CREATE FUNCTION "follows_bells_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'notifications', 'userId', f.id)::text)
      FROM (SELECT DISTINCT follower_id AS id FROM new_rows) f;
  ELSE
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'notifications', 'userId', f.id)::text)
      FROM (SELECT DISTINCT follower_id AS id FROM old_rows) f;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "follows_bells_inserted" AFTER INSERT ON "follows" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "follows_bells_changed"();
--> statement-breakpoint
CREATE TRIGGER "follows_bells_deleted" AFTER DELETE ON "follows" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "follows_bells_changed"();
