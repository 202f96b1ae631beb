-- Texts to customers about their cleanings (issue 18): their purposes, the deal each is about,
-- and a key that makes each occasion's text unique.
ALTER TYPE "sms_purpose" ADD VALUE 'request_received';
ALTER TYPE "sms_purpose" ADD VALUE 'cleaning_confirmed';
ALTER TYPE "sms_purpose" ADD VALUE 'reminder';
ALTER TYPE "sms_purpose" ADD VALUE 'request_answered';
ALTER TYPE "sms_purpose" ADD VALUE 'rescheduled';
ALTER TYPE "sms_purpose" ADD VALUE 'invoice_ready';

ALTER TABLE "sms_message" ADD COLUMN "deal_id" TEXT, ADD COLUMN "dedupe_key" TEXT;

CREATE UNIQUE INDEX "sms_message_dedupe_key_key" ON "sms_message"("dedupe_key");
CREATE INDEX "sms_message_deal_id_idx" ON "sms_message"("deal_id");

ALTER TABLE "sms_message" ADD CONSTRAINT "sms_message_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE SET NULL ON UPDATE CASCADE;
