-- A rating request also goes by e-mail (docs/conversations.md#ratings): when the provider took
-- it. The customer rates by texting back, so a text from the cleaning's phone counts as its
-- rating after the e-mail went, even when the request's own text did not go (no text consent).
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- AlterTable
ALTER TABLE "cleaning_rating" ADD COLUMN     "emailed_at" TIMESTAMPTZ(3);
