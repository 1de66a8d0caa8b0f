CREATE TABLE "feed_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"measurement_id" uuid NOT NULL,
	"after_follower" text DEFAULT '' NOT NULL,
	"turn_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feed_deliveries_turn_idx" ON "feed_deliveries" USING btree ("turn_at");