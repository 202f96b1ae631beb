-- On my way, started, done (docs/cleaner-day.md): one row per cleaning, written by its cleaner
-- from My day. The on-my-way tap texts the customer (sms purpose on_my_way), the done tap writes
-- the office's close-out command (outcome done) and keeps the checklist: each item id with
-- either true (ticked) or the reason it was not done. The office reads the live state from it.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).
-- The new enum value is not used in this file: Postgres refuses a value added in the same transaction.

-- AlterEnum
ALTER TYPE "sms_purpose" ADD VALUE 'on_my_way';

-- CreateTable
CREATE TABLE "cleaning_visit" (
    "id" TEXT NOT NULL,
    "deal_id" TEXT NOT NULL,
    "owner_hubspot_id" TEXT NOT NULL,
    "cleaner_email" TEXT NOT NULL,
    "on_my_way_at" TIMESTAMPTZ(3),
    "eta_minutes" INTEGER,
    "started_at" TIMESTAMPTZ(3),
    "done_at" TIMESTAMPTZ(3),
    "checklist" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cleaning_visit_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cleaning_visit_eta_with_tap" CHECK (("on_my_way_at" IS NULL) = ("eta_minutes" IS NULL)),
    CONSTRAINT "cleaning_visit_eta_range" CHECK ("eta_minutes" BETWEEN 1 AND 120),
    CONSTRAINT "cleaning_visit_checklist_with_done" CHECK (("done_at" IS NULL) = ("checklist" IS NULL)),
    CONSTRAINT "cleaning_visit_started_before_done" CHECK ("done_at" IS NULL OR ("started_at" IS NOT NULL AND "started_at" <= "done_at"))
);

-- One visit per cleaning.
CREATE UNIQUE INDEX "cleaning_visit_deal_id_key" ON "cleaning_visit"("deal_id");

-- The today board's data version reads the newest change.
CREATE INDEX "cleaning_visit_updated_at_idx" ON "cleaning_visit"("updated_at");

-- AddForeignKey
ALTER TABLE "cleaning_visit" ADD CONSTRAINT "cleaning_visit_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
