-- What a person agreed to about our texts, and when (issue 31): one row per request made on a
-- form that asked for a phone (a public booking, a login code that was sent), written in the
-- request's own statement or transaction. The words are kept exactly as the form showed them
-- (shared/src/sms-consent.ts, by version) with the server's time. Never purged: it is the
-- business's record of consent, which carriers and Twilio may ask for.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- CreateEnum
CREATE TYPE "sms_consent_form" AS ENUM ('booking', 'login');

-- CreateTable
CREATE TABLE "sms_consent" (
    "id" TEXT NOT NULL,
    "form" "sms_consent_form" NOT NULL,
    "phone" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "contact_id" TEXT,
    "booking_request_id" TEXT,
    "version" TEXT NOT NULL,
    "words" TEXT NOT NULL,
    "agreed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sms_consent_pkey" PRIMARY KEY ("id"),
    -- A booking's consent names its request, and the words are never empty.
    CONSTRAINT "sms_consent_booking_has_request" CHECK ("form" <> 'booking' OR "booking_request_id" IS NOT NULL),
    CONSTRAINT "sms_consent_words_not_empty" CHECK (length("words") > 0 AND length("version") > 0),
    CONSTRAINT "sms_consent_phone_e164" CHECK ("phone" ~ '^\+1[0-9]{10}$')
);

-- CreateIndex
CREATE UNIQUE INDEX "sms_consent_booking_request_id_key" ON "sms_consent"("booking_request_id");

-- CreateIndex
CREATE INDEX "sms_consent_contact_id_agreed_at_idx" ON "sms_consent"("contact_id", "agreed_at");

-- CreateIndex
CREATE INDEX "sms_consent_phone_agreed_at_idx" ON "sms_consent"("phone", "agreed_at");

-- AddForeignKey
ALTER TABLE "sms_consent" ADD CONSTRAINT "sms_consent_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contact"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sms_consent" ADD CONSTRAINT "sms_consent_booking_request_id_fkey" FOREIGN KEY ("booking_request_id") REFERENCES "booking_request"("id") ON DELETE CASCADE ON UPDATE CASCADE;
