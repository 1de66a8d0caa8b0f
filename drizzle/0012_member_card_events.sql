-- A post's author card (features/community/member-cards.ts) is cached by every server process apart from the
-- post: whenever a member's name, picture or hidden state changes, whoever writes it, the database tells every
-- process on EVENTS_CHANNEL in the same transaction (delivered on commit, never on rollback).
CREATE FUNCTION "member_card_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'member-card', 'userId', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_member_card_changed" AFTER UPDATE OF "first_name", "last_name", "image", "hidden_at" ON "users"
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.image IS DISTINCT FROM NEW.image OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at)
  EXECUTE FUNCTION "member_card_changed"();
