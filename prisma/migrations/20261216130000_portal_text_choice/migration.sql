-- The portal's "How we reach you" (issue 45): a signed-in customer turns texts on (with the
-- program's terms, kept like a booking's) or off. Such a choice is a row of its own form, and,
-- like a booking's, always says which (texts_agreed). Its time is the database's clock, as the
-- booking statement's is, so the newest of the two kinds of choice is found on one clock.
-- The new value is not used as an enum here: Postgres refuses a value added in the same transaction.

-- AlterEnum
ALTER TYPE "sms_consent_form" ADD VALUE 'portal';

-- AlterTable
ALTER TABLE "sms_consent" ALTER COLUMN "agreed_at" SET DEFAULT CURRENT_TIMESTAMP;

ALTER TABLE "sms_consent" ADD CONSTRAINT "sms_consent_portal_has_texts_choice" CHECK ("form"::text <> 'portal' OR "texts_agreed" IS NOT NULL);
