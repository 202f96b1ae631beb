-- Conversations with customers (docs/conversations.md): every text sent to our number is kept with its words,
-- the words of the texts we send are kept once fixed (never a login code), staff answer from the
-- customer's thread, and a text received outside office hours gets one automatic answer.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).
-- The new purposes are not used in this file: Postgres refuses a value added in the same transaction.

-- AlterEnum
ALTER TYPE "sms_purpose" ADD VALUE 'staff_reply';
ALTER TYPE "sms_purpose" ADD VALUE 'after_hours_reply';

-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN "body" TEXT,
ADD COLUMN "staff_email" TEXT,
ADD COLUMN "hubspot_communication_id" TEXT;

-- CreateTable
CREATE TABLE "inbound_text" (
    "id" TEXT NOT NULL,
    "sid" TEXT NOT NULL,
    "from_phone" TEXT NOT NULL,
    "to_phone" TEXT,
    "body" TEXT NOT NULL,
    "keyword" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL,
    "contact_id" TEXT,
    "handled_at" TIMESTAMPTZ(3),
    "handled_by" TEXT,
    "hubspot_communication_id" TEXT,

    CONSTRAINT "inbound_text_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "inbound_text_keyword_check" CHECK ("keyword" IN ('stop', 'start', 'help')),
    CONSTRAINT "inbound_text_handled_by_whom" CHECK (("handled_at" IS NULL) = ("handled_by" IS NULL))
);

-- CreateIndex
CREATE UNIQUE INDEX "inbound_text_sid_key" ON "inbound_text"("sid");

-- CreateIndex
CREATE INDEX "inbound_text_from_phone_received_at_idx" ON "inbound_text"("from_phone", "received_at");

-- CreateIndex
CREATE INDEX "inbound_text_contact_id_idx" ON "inbound_text"("contact_id");

-- The today board's conversations waiting for an answer read only texts not yet handled.
CREATE INDEX "inbound_text_waiting_idx" ON "inbound_text"("received_at", "from_phone") WHERE "handled_at" IS NULL AND "keyword" IS NULL;

-- AddForeignKey
ALTER TABLE "inbound_text" ADD CONSTRAINT "inbound_text_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;
