-- Phones Twilio could not text (issue 31): a delivery failed with 30006 (a landline, or a carrier
-- that cannot be reached) or 30007 (carriers filtered the message). Texts other than login codes
-- are not sent to such a phone (they end canceled) until a text to it is delivered or its owner
-- signs in to the portal with it: either deletes the row. Nothing here depends on a later
-- migration, so it runs in any order with them.
CREATE TABLE "sms_delivery_hold" (
    "phone" TEXT NOT NULL,
    "error_code" INTEGER NOT NULL,
    "purpose" "sms_purpose",
    "held_since" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "failed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "sms_delivery_hold_pkey" PRIMARY KEY ("phone")
);

-- Only the two failures that say the phone cannot take our texts hold it back, and the phone is
-- in the E.164 US form every sms_message row has.
ALTER TABLE "sms_delivery_hold" ADD CONSTRAINT "sms_delivery_hold_error_code" CHECK ("error_code" IN (30006, 30007));
ALTER TABLE "sms_delivery_hold" ADD CONSTRAINT "sms_delivery_hold_phone_e164" CHECK ("phone" ~ '^\+1[0-9]{10}$');
