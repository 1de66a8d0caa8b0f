-- Every server process keeps the top rows of the boards it served (features/leaderboards/leaderboards.cache.ts):
-- whenever rows of leaderboard_entries are written, whoever writes them, the database names the boards that changed
-- on EVENTS_CHANNEL in the same transaction (one event per statement; past 100 boards, one event for all of them,
-- as a payload is limited to 8,000 bytes). A board is 'board|bucket|species_id|evidence'.
CREATE FUNCTION "leaderboard_entries_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT concat_ws('|', board, bucket, species_id, evidence)) INTO keys FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT concat_ws('|', board, bucket, species_id, evidence)) INTO keys FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT k) INTO keys FROM (
      SELECT concat_ws('|', board, bucket, species_id, evidence) AS k FROM old_rows
      UNION SELECT concat_ws('|', board, bucket, species_id, evidence) FROM new_rows) changed;
  END IF;
  IF keys IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(keys) > 100 THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'boards', 'all', true)::text);
  ELSE
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'boards', 'keys', keys)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_inserted" AFTER INSERT ON "leaderboard_entries" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_entries_changed"();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_updated" AFTER UPDATE ON "leaderboard_entries"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_entries_changed"();
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_deleted" AFTER DELETE ON "leaderboard_entries" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_entries_changed"();
--> statement-breakpoint
CREATE FUNCTION "leaderboard_entries_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'boards', 'all', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "leaderboard_entries_emptied" AFTER TRUNCATE ON "leaderboard_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "leaderboard_entries_truncated"();
