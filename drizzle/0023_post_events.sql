-- Every server process keeps the public posts' order and the figures of the posts it showed
-- (features/community/public-feed.cache.ts): whenever measurements are written, whoever writes them, the database
-- names the posts that changed on EVENTS_CHANNEL in the same transaction, and among them those whose place in the
-- public feed may have moved (new, deleted, or a changed visibility, hiding, date or author). One event per
-- statement; past 50 posts, one event for all of them, as a payload is limited to 8,000 bytes.
CREATE FUNCTION "measurements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
  moved text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id::text) INTO ids FROM new_rows;
    moved := ids;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id::text) INTO ids FROM old_rows;
    moved := ids;
  ELSE
    SELECT array_agg(n.id::text),
        coalesce(array_agg(n.id::text) FILTER (WHERE (n.visibility, n.hidden_at, n.created_at, n.user_id)
          IS DISTINCT FROM (o.visibility, o.hidden_at, o.created_at, o.user_id)), '{}')
      INTO ids, moved
      FROM new_rows n JOIN old_rows o ON o.id = n.id;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 50 THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'posts', 'all', true)::text);
  ELSE
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'posts', 'ids', ids, 'moved', moved)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_inserted" AFTER INSERT ON "measurements" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "measurements_changed"();
--> statement-breakpoint
CREATE TRIGGER "measurements_updated" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "measurements_changed"();
--> statement-breakpoint
CREATE TRIGGER "measurements_deleted" AFTER DELETE ON "measurements" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "measurements_changed"();
--> statement-breakpoint
CREATE FUNCTION "measurements_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'posts', 'all', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_emptied" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "measurements_truncated"();
