-- A customer's tip for the cleaner of a visit (docs/payments.md#tips): a small invoice of its own,
-- for the cleaner the visit had when the tip was given.
ALTER TABLE "made_invoice" ADD COLUMN "tip_cents" INTEGER;
ALTER TABLE "made_invoice" ADD COLUMN "owner_id" TEXT;
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "owner"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "made_invoice" DROP CONSTRAINT "made_invoice_source";
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_source" CHECK ("source" IN ('quote', 'visit', 'tip'));
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_tip" CHECK (("source" = 'tip') = ("tip_cents" IS NOT NULL) AND ("tip_cents" IS NULL OR "tip_cents" > 0));
CREATE INDEX "made_invoice_owner_id_idx" ON "made_invoice"("owner_id");
-- A made invoice's payment page (hs_invoice_link), for the tip page to send the customer to.
ALTER TABLE "made_invoice" ADD COLUMN "pay_url" TEXT;
