-- Hand-written: CHECK constraints that the Prisma schema language cannot express (Prisma does not
-- diff CHECK constraints, so they cause no drift). They guard the invariants every writer
-- (api, worker's CRM pull, seed) must keep.
-- NOTE: @prisma/adapter-pg runs a migration by splitting it on every semicolon, so a migration
-- must not contain one inside a comment, a string or a function body.

-- Contacts are found by e-mail (login, CRM upsert): always stored lowercase.
ALTER TABLE "contact" ADD CONSTRAINT "contact_email_lowercase" CHECK ("email" = lower("email"));
-- US numbers only, E.164 (spec §5: +1 and 10 digits).
ALTER TABLE "contact" ADD CONSTRAINT "contact_phone_e164" CHECK ("phone" IS NULL OR "phone" ~ '^\+1[0-9]{10}$');

-- Money is integer cents and never negative, square-footage bands are well formed.
ALTER TABLE "product" ADD CONSTRAINT "product_price_cents_nonnegative" CHECK ("price_cents" IS NULL OR "price_cents" >= 0);
ALTER TABLE "product" ADD CONSTRAINT "product_sqft_band" CHECK ("min_sqft" >= 0 AND "min_sqft" <= "max_sqft");
ALTER TABLE "deal" ADD CONSTRAINT "deal_amount_cents_nonnegative" CHECK ("amount_cents" IS NULL OR "amount_cents" >= 0);
ALTER TABLE "deal" ADD CONSTRAINT "deal_invoice_amount_cents_nonnegative" CHECK ("invoice_amount_cents" IS NULL OR "invoice_amount_cents" >= 0);

-- A session belongs to a customer or to a staff user (or to nobody yet), never to both.
ALTER TABLE "session" ADD CONSTRAINT "session_single_owner" CHECK ("contact_id" IS NULL OR "staff_user_id" IS NULL);
