-- Each species' count in leaderboard_species_totals is split over 16 rows by member (shard), summed when read: members
-- posting one species at the same moment each update their own row instead of waiting on one. Rows so far: shard 0.
ALTER TABLE "leaderboard_species_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "leaderboard_species_totals" DROP CONSTRAINT "leaderboard_species_totals_bucket_evidence_species_id_pk";--> statement-breakpoint
ALTER TABLE "leaderboard_species_totals" ADD CONSTRAINT "leaderboard_species_totals_bucket_evidence_species_id_shard_pk" PRIMARY KEY("bucket","evidence","species_id","shard");
