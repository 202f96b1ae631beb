-- Recurring plans (docs/recurring-plans.md): a plan is the rule; its visits are deals, each
-- identified by its plan and the occurrence date the rule gives it, unique, so making the
-- horizon again, a worker killed mid-run or a lost queue store never makes a visit twice.
-- The new enum value is not used here: Postgres refuses a value added in the same transaction.

-- AlterEnum
ALTER TYPE "deal_source" ADD VALUE 'plan';

-- AlterTable
ALTER TABLE "deal" ADD COLUMN     "plan_detached_at" TIMESTAMPTZ(3),
ADD COLUMN     "plan_flag" TEXT,
ADD COLUMN     "plan_id" UUID,
ADD COLUMN     "plan_occurrence" DATE;

-- CreateTable
CREATE TABLE "recurring_plan" (
    "id" UUID NOT NULL,
    "contact_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "street" TEXT,
    "city" TEXT,
    "state" TEXT,
    "zip" TEXT,
    "square_footage" INTEGER NOT NULL,
    "service_type" TEXT NOT NULL,
    "visit_type" TEXT NOT NULL,
    "skus" TEXT[],
    "first_visit_skus" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "amount_cents" INTEGER NOT NULL,
    "first_visit_cents" INTEGER NOT NULL,
    "frequency" TEXT NOT NULL,
    "weekday" INTEGER NOT NULL,
    "nth" INTEGER,
    "start_time" TEXT NOT NULL,
    "duration_minutes" INTEGER NOT NULL,
    "owner_id" TEXT,
    "start_date" DATE NOT NULL,
    "end_date" DATE,
    "pauses" JSONB NOT NULL DEFAULT '[]',
    "closed_day_rule" TEXT NOT NULL DEFAULT 'next_open_day',
    "visits_made_through" DATE,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recurring_plan_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recurring_plan_status_idx" ON "recurring_plan"("status");

-- CreateIndex
CREATE INDEX "recurring_plan_contact_id_idx" ON "recurring_plan"("contact_id");

-- AddForeignKey
ALTER TABLE "deal" ADD CONSTRAINT "deal_plan_id_fkey" FOREIGN KEY ("plan_id") REFERENCES "recurring_plan"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateIndex
CREATE UNIQUE INDEX "deal_plan_id_plan_occurrence_key" ON "deal"("plan_id", "plan_occurrence");

-- A visit names its plan and its occurrence together, or neither.
ALTER TABLE "deal" ADD CONSTRAINT "deal_plan_visit_identity" CHECK (("plan_id" IS NULL) = ("plan_occurrence" IS NULL));
ALTER TABLE "deal" ADD CONSTRAINT "deal_plan_flag" CHECK ("plan_flag" IS NULL OR "plan_flag" = 'closed_day');

ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_status" CHECK ("status" IN ('active', 'ended'));
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_frequency" CHECK ("frequency" IN ('weekly', 'every_2_weeks', 'every_4_weeks', 'monthly_nth_weekday'));
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_weekday" CHECK ("weekday" BETWEEN 0 AND 6);
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_nth" CHECK (("frequency" = 'monthly_nth_weekday') = ("nth" IS NOT NULL) AND ("nth" IS NULL OR "nth" IN (1, 2, 3, 4, -1)));
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_start_time" CHECK ("start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_dates" CHECK ("end_date" IS NULL OR "end_date" >= "start_date");
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_prices" CHECK ("amount_cents" > 0 AND "first_visit_cents" > 0);
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_duration" CHECK ("duration_minutes" > 0);
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_closed_day_rule" CHECK ("closed_day_rule" IN ('next_open_day', 'previous_open_day', 'flag'));
ALTER TABLE "recurring_plan" ADD CONSTRAINT "recurring_plan_pauses" CHECK (jsonb_typeof("pauses") = 'array');
