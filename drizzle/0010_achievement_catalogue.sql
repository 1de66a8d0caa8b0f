-- The achievement catalogue. Points reward variety, skill, verified results and helping others more than volume:
-- a hundred measurements is worth less than a sheep slam or five community-verified measurements. Tiers come from
-- the points (docs/product.md §4: 100 or more Gold, 50 or more Silver, else Bronze). What each metric counts is
-- written beside ACHIEVEMENT_METRICS in src/shared/achievements/constants.ts; a SINGLE achievement has a target of 1.
--
-- Running it again (or a later migration with the same statement) updates the rows in place; an achievement whose
-- target, metric, points or active flag changed gets evaluated_at = NULL, so the server's start awards it again to
-- every member who already qualifies (awards are never taken back here: only an admin revokes one).
INSERT INTO "achievements"
  ("id", "name", "description", "icon_type", "points", "category", "type", "target_value", "metric", "metric_arg", "position", "is_active")
VALUES
  -- Collection: a few points for volume, and fewer per measurement the further it goes.
  ('first-measurement', 'First Measurement', 'Record your first trophy or catch in Fieldmark.', 'target', 10, 'collection', 'SINGLE', 1, 'measurements', NULL, 10, true),
  ('ten-measurements', 'Logbook Started', 'Record 10 measurements.', 'award', 15, 'collection', 'COUNT', 10, 'measurements', NULL, 20, true),
  ('twenty-five-measurements', 'Seasoned Recorder', 'Record 25 measurements.', 'award', 20, 'collection', 'COUNT', 25, 'measurements', NULL, 30, true),
  ('fifty-measurements', 'Field Journal', 'Record 50 measurements.', 'award', 25, 'collection', 'COUNT', 50, 'measurements', NULL, 40, true),
  ('hundred-measurements', 'Hundred in the Book', 'Record 100 measurements.', 'medal', 40, 'collection', 'COUNT', 100, 'measurements', NULL, 50, true),
  -- Species diversity: distinct species, catalogue categories, and the slams of a species family.
  ('three-species', 'Branching Out', 'Measure 3 different species.', 'star', 15, 'diversity', 'COUNT', 3, 'species', NULL, 60, true),
  ('five-species', 'Versatile Sportsman', 'Measure 5 different species.', 'star', 25, 'diversity', 'COUNT', 5, 'species', NULL, 70, true),
  ('ten-species', 'Well Travelled', 'Measure 10 different species.', 'star', 50, 'diversity', 'COUNT', 10, 'species', NULL, 80, true),
  ('twenty-species', 'Naturalist', 'Measure 20 different species from the species guide.', 'crown', 100, 'diversity', 'COUNT', 20, 'species', NULL, 90, true),
  ('three-categories', 'Field and Stream', 'Measure species from 3 categories of the species guide (big game, freshwater fish, saltwater fish, upland game, waterfowl, small game).', 'star', 30, 'diversity', 'COUNT', 3, 'categories', NULL, 100, true),
  ('six-categories', 'All-Rounder', 'Measure a species from every one of the 6 categories of the species guide.', 'crown', 100, 'diversity', 'COUNT', 6, 'categories', NULL, 110, true),
  ('deer-family-slam', 'Deer Family Slam', 'Measure 3 members of the deer family: whitetail, mule deer, Rocky Mountain or Roosevelt elk, moose or caribou.', 'crosshair', 60, 'diversity', 'COUNT', 3, 'species-group', 'deer-family', 120, true),
  ('bass-slam', 'Bass Slam', 'Measure a largemouth, a smallmouth and a striped bass.', 'fish', 50, 'diversity', 'COUNT', 3, 'species-group', 'bass', 130, true),
  ('wild-sheep-slam', 'Sheep Slam', 'Measure both wild sheep: a bighorn and a Dall sheep, two of the hardest hunts there are.', 'crown', 120, 'diversity', 'COUNT', 2, 'species-group', 'wild-sheep', 140, true),
  ('bear-slam', 'Bear Pair', 'Measure a black bear and a brown bear.', 'crosshair', 80, 'diversity', 'COUNT', 2, 'species-group', 'bears', 150, true),
  ('inshore-slam', 'Inshore Slam', 'Measure a red drum, a snook and a spotted seatrout.', 'fish', 60, 'diversity', 'COUNT', 3, 'species-group', 'inshore-slam', 160, true),
  ('toothy-critters', 'Toothy Critters', 'Measure a northern pike, a muskellunge and a walleye.', 'fish', 50, 'diversity', 'COUNT', 3, 'species-group', 'toothy-critters', 170, true),
  ('upland-triple', 'Upland Triple', 'Measure 3 upland birds: wild turkey, ring-necked pheasant, ruffed grouse or bobwhite quail.', 'crosshair', 40, 'diversity', 'COUNT', 3, 'species-group', 'upland-birds', 180, true),
  -- Trophies and records: measurements that reach a record book's minimum (trophy) or its all-time line (record).
  ('first-trophy', 'First Trophy', 'Record a measurement of trophy class or better.', 'trophy', 30, 'trophies', 'SINGLE', 1, 'trophies', NULL, 190, true),
  ('five-trophies', 'Trophy Room', 'Record 5 measurements of trophy class or better.', 'trophy', 60, 'trophies', 'COUNT', 5, 'trophies', NULL, 200, true),
  ('twenty-five-trophies', 'Hall of Trophies', 'Record 25 measurements of trophy class or better.', 'trophy', 120, 'trophies', 'COUNT', 25, 'trophies', NULL, 210, true),
  ('first-record', 'Book Animal', 'Record a measurement of record class.', 'crown', 75, 'trophies', 'SINGLE', 1, 'records', NULL, 220, true),
  ('five-records', 'Record Chaser', 'Record 5 measurements of record class.', 'crown', 150, 'trophies', 'COUNT', 5, 'records', NULL, 230, true),
  -- Verified results: measured from a photo with a reference, or verified by the community's size checks.
  ('first-photo-measured', 'Photo Proof', 'Record a measurement taken from a photo with a reference object (or better evidence).', 'target', 10, 'verified', 'SINGLE', 1, 'photo-measured', NULL, 240, true),
  ('ten-photo-measured', 'Picture Perfect', 'Record 10 measurements taken from photos with a reference object (or better evidence).', 'target', 30, 'verified', 'COUNT', 10, 'photo-measured', NULL, 250, true),
  ('first-verified', 'Community Verified', 'Have a measurement verified by the community''s size checks.', 'medal', 40, 'verified', 'SINGLE', 1, 'community-verified', NULL, 260, true),
  ('five-verified', 'Trusted Measurer', 'Have 5 measurements verified by the community''s size checks.', 'medal', 100, 'verified', 'COUNT', 5, 'community-verified', NULL, 270, true),
  -- Personal bests: a measurement that beats your earlier best of the same species (score, or weight for fish).
  ('first-personal-best', 'New Personal Best', 'Beat your own best score (or weight) for a species.', 'star', 20, 'skill', 'SINGLE', 1, 'personal-bests', NULL, 280, true),
  ('five-personal-bests', 'Always Improving', 'Beat your own best for a species 5 times.', 'star', 50, 'skill', 'COUNT', 5, 'personal-bests', NULL, 290, true),
  ('ten-personal-bests', 'Raising the Bar', 'Beat your own best for a species 10 times.', 'trophy', 90, 'skill', 'COUNT', 10, 'personal-bests', NULL, 300, true),
  -- Community: being followed and liked, and size checks that help others (most of all, ones the community agrees with).
  ('ten-followers', 'Getting Noticed', 'Have 10 members follow you.', 'users', 20, 'community', 'COUNT', 10, 'followers', NULL, 310, true),
  ('fifty-followers', 'Trail Leader', 'Have 50 members follow you.', 'users', 60, 'community', 'COUNT', 50, 'followers', NULL, 320, true),
  ('twenty-five-likes', 'Crowd Pleaser', 'Receive 25 likes from other members on your measurements.', 'users', 15, 'community', 'COUNT', 25, 'likes-received', NULL, 330, true),
  ('hundred-likes', 'Fan Favourite', 'Receive 100 likes from other members on your measurements.', 'users', 40, 'community', 'COUNT', 100, 'likes-received', NULL, 340, true),
  ('first-size-check', 'Second Opinion', 'Give your verdict in a size check of another member''s measurement.', 'target', 10, 'community', 'SINGLE', 1, 'checks-given', NULL, 350, true),
  ('ten-size-checks', 'Measuring Tape', 'Give your verdict in 10 size checks.', 'target', 25, 'community', 'COUNT', 10, 'checks-given', NULL, 360, true),
  ('five-agreed-checks', 'Keen Eye', 'Give 5 size-check verdicts the community later agrees with: confirmed on a measurement it verifies, or disputed on one it disputes.', 'medal', 50, 'community', 'COUNT', 5, 'checks-agreed', NULL, 370, true),
  ('twenty-five-agreed-checks', 'Master Scorer', 'Give 25 size-check verdicts the community later agrees with.', 'crown', 120, 'community', 'COUNT', 25, 'checks-agreed', NULL, 380, true),
  -- Consistency: measurements in different calendar weeks (UTC, Monday first), by the date they were taken.
  ('four-active-weeks', 'Regular', 'Take measurements in 4 different weeks.', 'award', 15, 'consistency', 'COUNT', 4, 'active-weeks', NULL, 390, true),
  ('twelve-active-weeks', 'Season Long', 'Take measurements in 12 different weeks.', 'award', 40, 'consistency', 'COUNT', 12, 'active-weeks', NULL, 400, true),
  ('fifty-two-active-weeks', 'Year-Round', 'Take measurements in 52 different weeks.', 'crown', 100, 'consistency', 'COUNT', 52, 'active-weeks', NULL, 410, true)
ON CONFLICT ("id") DO UPDATE SET
  "name" = excluded."name",
  "description" = excluded."description",
  "icon_type" = excluded."icon_type",
  "points" = excluded."points",
  "category" = excluded."category",
  "type" = excluded."type",
  "target_value" = excluded."target_value",
  "metric" = excluded."metric",
  "metric_arg" = excluded."metric_arg",
  "position" = excluded."position",
  "is_active" = excluded."is_active",
  "evaluated_at" = CASE
    WHEN "achievements"."target_value" IS DISTINCT FROM excluded."target_value"
      OR "achievements"."metric" IS DISTINCT FROM excluded."metric"
      OR "achievements"."metric_arg" IS DISTINCT FROM excluded."metric_arg"
      OR "achievements"."points" IS DISTINCT FROM excluded."points"
      OR "achievements"."is_active" IS DISTINCT FROM excluded."is_active"
    THEN NULL
    ELSE "achievements"."evaluated_at"
  END;
