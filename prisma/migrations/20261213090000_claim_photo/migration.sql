-- A customer's photos of what a re-clean claim says was missed
-- (docs/staff-actions.md#answering-a-re-clean-claim), at most 5 a claim (checked by the api).
-- The bytes, already stripped of their metadata, wait here for the worker, which puts them in
-- HubSpot's files as a private file attached to a note on the claim's ticket, then clears them.
-- A table of its own, not visit_photo: these belong to a ticket and a customer, not to a deal
-- and a cleaner.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- CreateTable
CREATE TABLE "claim_photo" (
    "id" UUID NOT NULL,
    "ticket_id" TEXT NOT NULL,
    "contact_id" TEXT,
    "content_type" TEXT NOT NULL,
    "byte_size" INTEGER NOT NULL,
    "bytes" BYTEA,
    "hubspot_file_id" TEXT,
    "hubspot_note_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "claim_photo_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "claim_photo_content_type" CHECK ("content_type" IN ('image/jpeg', 'image/png', 'image/webp')),
    CONSTRAINT "claim_photo_byte_size" CHECK ("byte_size" > 0),
    CONSTRAINT "claim_photo_bytes_until_sent" CHECK ("sent_at" IS NOT NULL OR "bytes" IS NOT NULL),
    CONSTRAINT "claim_photo_sent_with_note" CHECK ("sent_at" IS NULL OR ("hubspot_file_id" IS NOT NULL AND "hubspot_note_id" IS NOT NULL))
);

-- The photos of a claim.
CREATE INDEX "claim_photo_ticket_id_idx" ON "claim_photo"("ticket_id");

-- A contact's photos (a deleted contact's are let go).
CREATE INDEX "claim_photo_contact_id_idx" ON "claim_photo"("contact_id");

-- AddForeignKey
ALTER TABLE "claim_photo" ADD CONSTRAINT "claim_photo_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "ticket"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "claim_photo" ADD CONSTRAINT "claim_photo_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;
