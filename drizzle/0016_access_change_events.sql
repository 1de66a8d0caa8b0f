-- Every server process trusts a member's checked session (its memory, a signed access cookie) only until that
-- member's access changes (plugins/session-cache.ts, docs/decisions/019). Whoever writes the change, the database
-- tells every process on EVENTS_CHANNEL in the same transaction (delivered on commit, never on rollback): a user
-- row changed in anything but its counters and profile text, a user deleted, a session ended or cut short.
CREATE FUNCTION "user_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'user-changed', 'userId', OLD.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'user-changed', 'userId', OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Any column but these counts it: one added later (a ban) tells the processes without a new trigger.
CREATE TRIGGER "users_access_changed" AFTER UPDATE ON "users"
  FOR EACH ROW
  WHEN ((to_jsonb(OLD) - '{followers_count,following_count,bio,region,updated_at}'::text[])
    IS DISTINCT FROM (to_jsonb(NEW) - '{followers_count,following_count,bio,region,updated_at}'::text[]))
  EXECUTE FUNCTION "user_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "user_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_cut_short" AFTER UPDATE OF "expires_at", "token", "user_id" ON "sessions"
  FOR EACH ROW
  WHEN (NEW.expires_at < OLD.expires_at OR NEW.token IS DISTINCT FROM OLD.token OR NEW.user_id IS DISTINCT FROM OLD.user_id)
  EXECUTE FUNCTION "session_ended"();
