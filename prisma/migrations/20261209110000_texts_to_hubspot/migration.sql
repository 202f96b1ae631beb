-- Every text in and out is logged on the customer's HubSpot timeline as a communication (channel
-- SMS), through the outbox (docs/conversations.md, docs/sync-pipeline.md).
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).
--
-- hubspot_log_due_at: set with the text's outbox event, cleared once it is logged or skipped.
-- hubspot_log_claimed_at: when a job last took the text to log it. A job holds it for a few minutes
-- (no other job logs it meanwhile), and once set it tells a later job that a create may have reached
-- HubSpot, so that job looks for the communication before creating one.
-- hubspot_log_error: HubSpot refused to log it for a reason retrying cannot fix. Its own job fails
-- with the reason, and other jobs leave it out of their batches.

-- AlterTable
ALTER TABLE "inbound_text" ADD COLUMN "hubspot_log_due_at" TIMESTAMPTZ(3),
ADD COLUMN "hubspot_log_claimed_at" TIMESTAMPTZ(3),
ADD COLUMN "hubspot_log_error" TEXT;

-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN "hubspot_log_due_at" TIMESTAMPTZ(3),
ADD COLUMN "hubspot_log_claimed_at" TIMESTAMPTZ(3),
ADD COLUMN "hubspot_log_error" TEXT;

-- A communication is the record of one text.
CREATE UNIQUE INDEX "inbound_text_hubspot_communication_id_key" ON "inbound_text"("hubspot_communication_id");
CREATE UNIQUE INDEX "sms_message_hubspot_communication_id_key" ON "sms_message"("hubspot_communication_id");

-- The texts still to log, oldest first: read by every logging job for its batch.
CREATE INDEX "inbound_text_hubspot_log_due_idx" ON "inbound_text"("hubspot_log_due_at") WHERE "hubspot_log_due_at" IS NOT NULL;
CREATE INDEX "sms_message_hubspot_log_due_idx" ON "sms_message"("hubspot_log_due_at") WHERE "hubspot_log_due_at" IS NOT NULL;
