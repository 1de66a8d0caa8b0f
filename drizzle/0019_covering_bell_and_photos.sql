DROP INDEX "notifications_user_created_idx";--> statement-breakpoint
DROP INDEX "photos_measurement_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"kind","group_key","actor_id","measurement_id","comment_id","achievement_id","verdict","read_at");--> statement-breakpoint
CREATE INDEX "photos_measurement_idx" ON "photos" USING btree ("measurement_id","position","id","width","height");