-- Every server process keeps what a profile shows to members who are not its own member
-- (features/community/profile-facts.cache.ts): the member's name, picture, bio, region, follow counts, points and
-- the counts of the posts others may see. Whoever writes them, the database names the members whose profile
-- changed on EVENTS_CHANNEL in the same transaction; past 50 members, one event for all of them. One event per
-- statement; a measurement's likes or comments, a session or a sign-in tell nothing.
CREATE FUNCTION "profiles_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    IF TG_OP = 'DELETE' THEN
      SELECT array_agg(id) INTO ids FROM (SELECT o.id::text AS id FROM old_rows o LIMIT 51) d;
    ELSE
      SELECT array_agg(id) INTO ids FROM (SELECT n.id::text AS id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.first_name, n.last_name, n.image, n.hidden_at, n.beta_approved, n.is_admin, n.bio, n.region,
            n.followers_count, n.following_count, n.created_at)
          IS DISTINCT FROM (o.first_name, o.last_name, o.image, o.hidden_at, o.beta_approved, o.is_admin, o.bio,
            o.region, o.followers_count, o.following_count, o.created_at)
        LIMIT 51) d;
    END IF;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT user_id::text AS id FROM new_rows LIMIT 51) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT user_id::text AS id FROM old_rows LIMIT 51) d;
  ELSE
    -- measurements: only what the counts read (visibility, hiding, trophy class, species, author).
    SELECT array_agg(id) INTO ids FROM (SELECT DISTINCT id FROM (
        SELECT unnest(array[n.user_id::text, o.user_id::text]) AS id FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.visibility, n.hidden_at, n.trophy_class, n.species_id, n.user_id)
          IS DISTINCT FROM (o.visibility, o.hidden_at, o.trophy_class, o.species_id, o.user_id)) changed
      LIMIT 51) d;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF cardinality(ids) > 50 THEN
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'profiles', 'all', true)::text);
  ELSE
    PERFORM pg_notify('fieldmark_events', json_build_object('type', 'profiles', 'userIds', ids)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_profiles_updated" AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_profiles_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "measurements_profiles_inserted" AFTER INSERT ON "measurements" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "measurements_profiles_updated" AFTER UPDATE ON "measurements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "measurements_profiles_deleted" AFTER DELETE ON "measurements" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_achievements_profiles_inserted" AFTER INSERT ON "user_achievements"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_achievements_profiles_deleted" AFTER DELETE ON "user_achievements"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "profiles_changed"();
--> statement-breakpoint
-- Emptying a table moves every profile.
CREATE FUNCTION "all_profiles_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'profiles', 'all', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "measurements_profiles_emptied" AFTER TRUNCATE ON "measurements"
  FOR EACH STATEMENT EXECUTE FUNCTION "all_profiles_changed"();
--> statement-breakpoint
CREATE TRIGGER "user_achievements_profiles_emptied" AFTER TRUNCATE ON "user_achievements"
  FOR EACH STATEMENT EXECUTE FUNCTION "all_profiles_changed"();
--> statement-breakpoint
-- Each process also keeps the achievement catalogue (features/achievements/achievements.service.ts): a change to
-- what it serves tells every process to read it again, and moves the points of everyone who earned it.
CREATE FUNCTION "achievements_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: one condition would name old_rows, which an insert does not have.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE (n.name, n.description, n.icon_type, n.points, n.category, n.type, n.target_value, n.metric,
            n.metric_arg, n.position, n.is_active)
          IS DISTINCT FROM (o.name, o.description, o.icon_type, o.points, o.category, o.type, o.target_value,
            o.metric, o.metric_arg, o.position, o.is_active)) THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'catalogue')::text);
  PERFORM pg_notify('fieldmark_events', json_build_object('type', 'profiles', 'all', true)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "achievements_inserted" AFTER INSERT ON "achievements" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "achievements_changed"();
--> statement-breakpoint
CREATE TRIGGER "achievements_updated" AFTER UPDATE ON "achievements"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "achievements_changed"();
--> statement-breakpoint
CREATE TRIGGER "achievements_deleted" AFTER DELETE OR TRUNCATE ON "achievements"
  FOR EACH STATEMENT EXECUTE FUNCTION "achievements_changed"();
