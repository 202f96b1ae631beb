-- Phones that asked for no more texts (issue 18): a STOP reply, or Twilio refusing a send with
-- error 21610. A START reply deletes the row. Texts written for such a phone are not sent: they
-- end as canceled.
ALTER TYPE "sms_status" ADD VALUE 'canceled';

CREATE TYPE "sms_opt_out_source" AS ENUM ('keyword', 'provider');

CREATE TABLE "sms_opt_out" (
    "phone" TEXT NOT NULL,
    "source" "sms_opt_out_source" NOT NULL,
    "keyword" TEXT,
    "opted_out_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_opt_out_pkey" PRIMARY KEY ("phone")
);
