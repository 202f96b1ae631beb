-- The checklist goes along (docs/cleaner-day.md): the items a cleaner ticks as they go, kept
-- server side so a reload or another phone keeps them, and the checklist as it stood at Done
-- (the service's items, the paid add-ons, the rooms), so the office reads the answers by label.
-- A photo's before/after label, and the small copy the office sees (kept 90 days, then purged).
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- AlterTable
ALTER TABLE "cleaning_visit" ADD COLUMN "ticked_items" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[],
ADD COLUMN "checklist_items" JSONB;

-- AlterTable
ALTER TABLE "visit_photo" ADD COLUMN "label" TEXT,
ADD CONSTRAINT "visit_photo_label" CHECK ("label" IS NULL OR "label" IN ('before', 'after'));

-- CreateTable
CREATE TABLE "visit_photo_thumbnail" (
    "photo_id" UUID NOT NULL,
    "content_type" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "visit_photo_thumbnail_pkey" PRIMARY KEY ("photo_id"),
    CONSTRAINT "visit_photo_thumbnail_content_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp'))
);

-- The housekeeping purge deletes the copies past their retention.
CREATE INDEX "visit_photo_thumbnail_created_at_idx" ON "visit_photo_thumbnail"("created_at");

-- AddForeignKey
ALTER TABLE "visit_photo_thumbnail" ADD CONSTRAINT "visit_photo_thumbnail_photo_id_fkey" FOREIGN KEY ("photo_id") REFERENCES "visit_photo"("id") ON DELETE CASCADE ON UPDATE CASCADE;
