-- Every server process keeps what a member's first Everyone page needs beyond the public posts
-- (features/community/public-feed.cache.ts): who liked each post shown, who holds each followers-only post in their
-- inbox, and every block. Whoever writes them, the database names what changed on EVENTS_CHANNEL in the same
-- transaction: the posts whose likes changed (as a 'posts' event: their figures are read again), the posts whose
-- inbox rows changed, and that blocks changed. One event per statement; past 50 posts, one for all of them.
-- One function for both tables: TG_ARGV[0] is the event's type ('posts' or 'inbox'); a 'posts' event also names
-- the posts whose place moved, none here.
CREATE FUNCTION "rows_of_posts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT measurement_id::text AS id FROM new_rows LIMIT 51) d;
  ELSE
    SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT measurement_id::text AS id FROM old_rows LIMIT 51) d;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 50 THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', TG_ARGV[0], 'all', true)::text);
  ELSE
    PERFORM pg_notify('fieldmark_events',
      json_build_object('type', TG_ARGV[0], 'ids', ids, 'moved', '{}'::text[])::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "likes_posts_inserted" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rows_of_posts_changed"('posts');
--> statement-breakpoint
CREATE TRIGGER "likes_posts_deleted" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rows_of_posts_changed"('posts');
--> statement-breakpoint
CREATE TRIGGER "feed_inbox_inserted" AFTER INSERT ON "feed_inbox" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rows_of_posts_changed"('inbox');
--> statement-breakpoint
CREATE TRIGGER "feed_inbox_deleted" AFTER DELETE ON "feed_inbox" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "rows_of_posts_changed"('inbox');
--> statement-breakpoint
CREATE FUNCTION "feed_inbox_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'inbox', 'all', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "feed_inbox_emptied" AFTER TRUNCATE ON "feed_inbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "feed_inbox_truncated"();
--> statement-breakpoint
CREATE FUNCTION "blocks_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'blocks')::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "blocks_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "blocks"
  FOR EACH STATEMENT EXECUTE FUNCTION "blocks_changed"();
