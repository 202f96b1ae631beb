-- The customer's account number as the portal shows it (Account ID, spec §2) and people read
-- it out: 'AC-' and the same unambiguous code as a deal reference (deal_reference, migration
-- 20261202080000), from a sequence of its own, so it is unique and never the internal id.
CREATE SEQUENCE "contact_account_seq" AS bigint MINVALUE 1;

CREATE FUNCTION account_number(n bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT 'AC-' || substr(deal_reference(n), 5)
$$;

ALTER TABLE "contact" ADD COLUMN "account_number" TEXT;
UPDATE "contact" SET "account_number" = account_number(nextval('contact_account_seq'));
ALTER TABLE "contact"
  ALTER COLUMN "account_number" SET DEFAULT account_number(nextval('contact_account_seq')),
  ALTER COLUMN "account_number" SET NOT NULL;
ALTER SEQUENCE "contact_account_seq" OWNED BY "contact"."account_number";
CREATE UNIQUE INDEX "contact_account_number_key" ON "contact"("account_number");
