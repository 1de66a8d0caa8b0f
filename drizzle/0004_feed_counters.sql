ALTER TABLE "users" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "measurements_followers_created_idx" ON "measurements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE visibility = 'followers' and hidden_at is null;--> statement-breakpoint
UPDATE "users" u SET "followers_count" = c.n FROM (SELECT "followee_id" AS id, count(*)::int AS n FROM "follows" GROUP BY "followee_id") c WHERE u."id" = c.id;
--> statement-breakpoint
UPDATE "users" u SET "following_count" = c.n FROM (SELECT "follower_id" AS id, count(*)::int AS n FROM "follows" GROUP BY "follower_id") c WHERE u."id" = c.id;
