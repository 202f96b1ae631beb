-- Customer notices with a delivery per channel (docs/customer-messages.md#channels): a notice is
-- planned once (its dedupe key), and delivered as a text (sms_message, as before) and an e-mail
-- (email_message, new), each with its own state.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- CreateEnum
CREATE TYPE "notice_kind" AS ENUM ('request_received', 'quote_ready', 'cleaning_confirmed', 'reminder', 'rescheduled', 'canceled', 'request_answered', 'invoice_ready', 'rating_request', 'on_my_way', 'portal_invite');

-- CreateEnum
CREATE TYPE "email_status" AS ENUM ('queued', 'sent', 'canceled', 'failed');

-- AlterTable
ALTER TABLE "sms_message" ADD COLUMN     "notice_id" UUID;

-- CreateTable
CREATE TABLE "customer_notice" (
    "id" UUID NOT NULL,
    "kind" "notice_kind" NOT NULL,
    "deal_id" TEXT,
    "subject" JSONB NOT NULL DEFAULT '{}',
    "dedupe_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "customer_notice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_message" (
    "id" UUID NOT NULL,
    "notice_id" UUID,
    "purpose" "notice_kind" NOT NULL,
    "to_address" TEXT NOT NULL,
    "deal_id" TEXT,
    "status" "email_status" NOT NULL DEFAULT 'queued',
    "subject" TEXT,
    "provider_response" TEXT,
    "error_code" INTEGER,
    "error_message" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "status_updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "email_message_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_suppression" (
    "address" TEXT NOT NULL,
    "unsubscribed_at" TIMESTAMPTZ(3),
    "bounced_at" TIMESTAMPTZ(3),
    "complained_at" TIMESTAMPTZ(3),
    "reason" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_suppression_pkey" PRIMARY KEY ("address"),
    CONSTRAINT "email_suppression_lower_case" CHECK ("address" = lower("address"))
);

-- CreateIndex
CREATE UNIQUE INDEX "customer_notice_dedupe_key_key" ON "customer_notice"("dedupe_key");

-- CreateIndex
CREATE INDEX "customer_notice_deal_id_idx" ON "customer_notice"("deal_id");

-- CreateIndex
CREATE INDEX "sms_message_notice_id_idx" ON "sms_message"("notice_id");

-- CreateIndex
CREATE INDEX "email_message_to_address_created_at_idx" ON "email_message"("to_address", "created_at");

-- CreateIndex
CREATE INDEX "email_message_deal_id_idx" ON "email_message"("deal_id");

-- CreateIndex
CREATE INDEX "email_message_notice_id_idx" ON "email_message"("notice_id");

-- AddForeignKey
ALTER TABLE "customer_notice" ADD CONSTRAINT "customer_notice_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "customer_notice"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "email_message" ADD CONSTRAINT "email_message_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_message" ADD CONSTRAINT "sms_message_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "customer_notice"("id") ON DELETE SET NULL ON UPDATE CASCADE;
