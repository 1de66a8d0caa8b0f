CREATE INDEX "likes_user_measurement_idx" ON "likes" USING btree ("user_id","measurement_id");--> statement-breakpoint
DROP INDEX "likes_user_idx";--> statement-breakpoint
-- Every server process keeps the measurements a viewer liked (features/community/viewer-likes.ts): whenever likes
-- are added or taken away, whoever writes them, the database names the members whose likes changed on
-- EVENTS_CHANNEL in the same transaction (one event per statement; past 50 members, one event for all of them, as
-- a payload is limited to 8,000 bytes).
CREATE FUNCTION "likes_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO members FROM new_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO members FROM old_rows;
  END IF;
  IF members IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(members) > 50 THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'likes', 'all', true)::text);
  ELSE
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'likes', 'userIds', members)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "likes_inserted" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "likes_changed"();
--> statement-breakpoint
CREATE TRIGGER "likes_deleted" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "likes_changed"();
