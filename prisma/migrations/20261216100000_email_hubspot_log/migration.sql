-- E-mails on record in HubSpot (docs/email.md#on-record-in-hubspot): a sent e-mail keeps what went
-- (sender, Message-ID, plain text) and its log state, as sms_message keeps a text's.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- AlterTable
ALTER TABLE "email_message" ADD COLUMN     "sender" TEXT,
ADD COLUMN     "message_id" TEXT,
ADD COLUMN     "text_body" TEXT,
ADD COLUMN     "hubspot_email_id" TEXT,
ADD COLUMN     "hubspot_log_due_at" TIMESTAMPTZ(3),
ADD COLUMN     "hubspot_log_claimed_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE UNIQUE INDEX "email_message_hubspot_email_id_key" ON "email_message"("hubspot_email_id");
