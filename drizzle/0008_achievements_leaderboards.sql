CREATE TABLE "leaderboard_entries" (
	"board" text NOT NULL,
	"bucket" text NOT NULL,
	"species_id" text DEFAULT '' NOT NULL,
	"evidence" smallint DEFAULT 0 NOT NULL,
	"user_id" text NOT NULL,
	"value" double precision NOT NULL,
	"achieved_at" timestamp with time zone NOT NULL,
	"measurements" integer DEFAULT 0 NOT NULL,
	"trophies" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_entries_board_bucket_species_id_evidence_user_id_pk" PRIMARY KEY("board","bucket","species_id","evidence","user_id")
);
--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "metric" text DEFAULT 'measurements' NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "metric_arg" text;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "evaluated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leaderboard_entries" ADD CONSTRAINT "leaderboard_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leaderboard_entries_rank_idx" ON "leaderboard_entries" USING btree ("board","bucket","species_id","evidence","value" DESC NULLS LAST,"achieved_at","user_id");--> statement-breakpoint
CREATE INDEX "leaderboard_entries_user_idx" ON "leaderboard_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_achievements_earned_idx" ON "user_achievements" USING btree ("earned_at");