-- Scheduling plans an expected duration, and closing out a cleaning keeps how it went (two
-- outcomes end in Canceled). Both are mirrored from the HubSpot deal like its date.

ALTER TABLE "deal" ADD COLUMN "duration_minutes" INTEGER;
ALTER TABLE "deal" ADD COLUMN "visit_outcome" TEXT;

ALTER TABLE "deal" ADD CONSTRAINT "deal_duration_minutes_range" CHECK ("duration_minutes" BETWEEN 1 AND 1440);
ALTER TABLE "deal" ADD CONSTRAINT "deal_visit_outcome_check" CHECK ("visit_outcome" IN ('done', 'no-show', 'canceled-on-the-day'));
