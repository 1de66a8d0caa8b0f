CREATE TABLE "leaderboard_species_totals" (
	"bucket" text NOT NULL,
	"evidence" smallint NOT NULL,
	"species_id" text NOT NULL,
	"measurements" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "leaderboard_species_totals_bucket_evidence_species_id_pk" PRIMARY KEY("bucket","evidence","species_id")
);
