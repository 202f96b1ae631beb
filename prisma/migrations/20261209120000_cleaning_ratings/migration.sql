-- "How did it go?" after each cleaning (docs/conversations.md#ratings). The day after a staff
-- close-out marks a cleaning done, the customer gets one text asking for a rating from 1 to 5 by
-- reply. The reply is kept per cleaning, with the cleaner of the cleaning at the time (a later
-- reassignment does not move the rating). A rating of 1 to 3 opens an Unhappy Customer ticket.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).
-- The new enum values are not used in this file: Postgres refuses a value added in the same transaction.

-- AlterEnum
ALTER TYPE "sms_purpose" ADD VALUE 'rating_request';
ALTER TYPE "sms_purpose" ADD VALUE 'rating_reply';

-- AlterEnum
ALTER TYPE "ticket_category" ADD VALUE 'Unhappy Customer';

-- CreateTable
CREATE TABLE "cleaning_rating" (
    "id" TEXT NOT NULL,
    "deal_id" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "contact_id" TEXT,
    "owner_id" TEXT,
    "sms_message_id" TEXT,
    "requested_at" TIMESTAMPTZ(3),
    "rating" INTEGER,
    "rated_at" TIMESTAMPTZ(3),
    "inbound_text_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cleaning_rating_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "cleaning_rating_rating_range" CHECK ("rating" BETWEEN 1 AND 5),
    CONSTRAINT "cleaning_rating_rated_with_text" CHECK (("rating" IS NULL) = ("rated_at" IS NULL))
);

-- One rating per cleaning, one per request text, one per customer text.
CREATE UNIQUE INDEX "cleaning_rating_deal_id_key" ON "cleaning_rating"("deal_id");
CREATE UNIQUE INDEX "cleaning_rating_sms_message_id_key" ON "cleaning_rating"("sms_message_id");
CREATE UNIQUE INDEX "cleaning_rating_inbound_text_id_key" ON "cleaning_rating"("inbound_text_id");

-- A phone's requests: at most one in 30 days, and the one a reply answers.
CREATE INDEX "cleaning_rating_phone_requested_at_idx" ON "cleaning_rating"("phone", "requested_at");

-- The board's 30-day averages.
CREATE INDEX "cleaning_rating_rated_at_idx" ON "cleaning_rating"("rated_at");

-- CreateIndex
CREATE INDEX "cleaning_rating_contact_id_idx" ON "cleaning_rating"("contact_id");

-- CreateIndex
CREATE INDEX "cleaning_rating_owner_id_idx" ON "cleaning_rating"("owner_id");

-- AddForeignKey
ALTER TABLE "cleaning_rating" ADD CONSTRAINT "cleaning_rating_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cleaning_rating" ADD CONSTRAINT "cleaning_rating_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cleaning_rating" ADD CONSTRAINT "cleaning_rating_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cleaning_rating" ADD CONSTRAINT "cleaning_rating_sms_message_id_fkey" FOREIGN KEY ("sms_message_id") REFERENCES "sms_message"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cleaning_rating" ADD CONSTRAINT "cleaning_rating_inbound_text_id_fkey" FOREIGN KEY ("inbound_text_id") REFERENCES "inbound_text"("id") ON DELETE SET NULL ON UPDATE CASCADE;
