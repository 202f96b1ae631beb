-- Bounces and complaints (docs/email.md#bounces-and-complaints): the provider's signed webhook
-- reports what happened to each e-mail it took. The e-mail row keeps the report beside its own
-- send status (a report may arrive before the worker records the send), and the tokens of the
-- webhook's signatures are kept while they are fresh, so a captured request cannot be replayed.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- CreateEnum
CREATE TYPE "email_delivery" AS ENUM ('delivered', 'bounced', 'complained');

-- AlterTable
ALTER TABLE "email_message" ADD COLUMN     "delivery" "email_delivery",
ADD COLUMN     "delivery_detail" TEXT,
ADD COLUMN     "delivery_reported_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "email_webhook_token" (
    "token" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "email_webhook_token_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "email_webhook_token_expires_at_idx" ON "email_webhook_token"("expires_at");
