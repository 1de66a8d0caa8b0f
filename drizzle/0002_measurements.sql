CREATE TABLE "measurements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"species_id" text NOT NULL,
	"category" text,
	"system" text,
	"sheet" jsonb,
	"quick" jsonb,
	"result" jsonb,
	"score" double precision,
	"score_text" text,
	"trophy_class" text DEFAULT 'standard' NOT NULL,
	"length_in" double precision,
	"width_in" double precision,
	"weight_lbs" double precision,
	"weight_estimated" boolean DEFAULT false NOT NULL,
	"spread_in" double precision,
	"points" integer,
	"mass_in" double precision,
	"evidence" text DEFAULT 'self-reported' NOT NULL,
	"method" text NOT NULL,
	"photo_measurements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"notes" text,
	"caption" text,
	"visibility" text DEFAULT 'private' NOT NULL,
	"region" text,
	"lat" double precision,
	"lon" double precision,
	"location_precision" text DEFAULT 'region' NOT NULL,
	"cover_photo_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"measurement_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text NOT NULL,
	"units" text DEFAULT 'imperial' NOT NULL,
	"default_visibility" text DEFAULT 'private' NOT NULL,
	"default_location_precision" text DEFAULT 'region' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_measurement_id_measurements_id_fk" FOREIGN KEY ("measurement_id") REFERENCES "public"."measurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurements_user_created_idx" ON "measurements" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "measurements_user_species_idx" ON "measurements" USING btree ("user_id","species_id");--> statement-breakpoint
CREATE INDEX "measurements_public_created_idx" ON "measurements" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE visibility = 'public';--> statement-breakpoint
CREATE INDEX "photos_measurement_idx" ON "photos" USING btree ("measurement_id","position");--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id");