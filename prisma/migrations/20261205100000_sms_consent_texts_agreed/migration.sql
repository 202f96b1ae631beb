-- The booking form asks about texts on a box of its own, optional and unticked (issue 31):
-- campaign vetting refuses text consent bundled with other channels or required to book
-- (Twilio 30556, 30923). Each booking's consent row keeps whether that box was ticked. The
-- sending rule reads a phone's newest booking row: unticked, it gets no texts but login codes.
-- NULL on a login row: a login request agrees to its code only, and says nothing either way.
-- Bookings kept before this ticked the one required box, whose words (version 2026-11-27)
-- included the texts: they agreed, and are kept as agreed.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- AlterTable
ALTER TABLE "sms_consent" ADD COLUMN "texts_agreed" BOOLEAN;

-- Backfill
UPDATE "sms_consent" SET "texts_agreed" = true WHERE "form" = 'booking';

-- AddCheck
ALTER TABLE "sms_consent" ADD CONSTRAINT "sms_consent_booking_has_texts_choice" CHECK ("form" <> 'booking' OR "texts_agreed" IS NOT NULL);
