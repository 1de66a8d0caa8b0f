CREATE TABLE "feed_inbox" (
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"measurement_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	CONSTRAINT "feed_inbox_user_id_created_at_measurement_id_pk" PRIMARY KEY("user_id","created_at","measurement_id")
);
--> statement-breakpoint
ALTER TABLE "feed_inbox" ADD CONSTRAINT "feed_inbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_inbox" ADD CONSTRAINT "feed_inbox_measurement_id_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_inbox" ADD CONSTRAINT "feed_inbox_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_inbox_measurement_idx" ON "feed_inbox" USING btree ("measurement_id");--> statement-breakpoint
CREATE INDEX "feed_inbox_owner_idx" ON "feed_inbox" USING btree ("owner_id","user_id");--> statement-breakpoint
INSERT INTO "feed_inbox" ("user_id", "created_at", "measurement_id", "owner_id")
SELECT f."follower_id", m."created_at", m."id", m."user_id"
FROM "follows" f JOIN "measurements" m ON m."user_id" = f."followee_id"
WHERE m."visibility" IN ('public', 'followers')
ON CONFLICT DO NOTHING;
