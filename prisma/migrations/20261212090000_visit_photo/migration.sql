-- A cleaner's photos of a cleaning (docs/cleaner-day.md#photos), at most 10 a visit (checked by
-- the api). The bytes, already stripped of their metadata, wait here for the worker, which puts
-- them in HubSpot's files as a private file attached to a note on the deal, then clears them.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- CreateTable
CREATE TABLE "visit_photo" (
    "id" UUID NOT NULL,
    "deal_id" TEXT NOT NULL,
    "owner_hubspot_id" TEXT NOT NULL,
    "cleaner_email" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "bytes" BYTEA,
    "hubspot_file_id" TEXT,
    "hubspot_note_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "visit_photo_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "visit_photo_content_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
    CONSTRAINT "visit_photo_byte_size" CHECK ("byte_size" > 0),
    CONSTRAINT "visit_photo_bytes_until_sent" CHECK ("sent_at" IS NOT NULL OR "bytes" IS NOT NULL),
    CONSTRAINT "visit_photo_sent_with_note" CHECK ("sent_at" IS NULL OR ("hubspot_file_id" IS NOT NULL AND "hubspot_note_id" IS NOT NULL))
);

-- The photos of a cleaning.
CREATE INDEX "visit_photo_deal_id_idx" ON "visit_photo"("deal_id");

-- AddForeignKey
ALTER TABLE "visit_photo" ADD CONSTRAINT "visit_photo_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
