-- A recurring plan's visit is invoiced once it is done (docs/payments.md): one invoice per visit.
ALTER TABLE "made_invoice" ADD COLUMN "source" TEXT NOT NULL DEFAULT 'quote';
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_source" CHECK ("source" IN ('quote', 'visit'));
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_quote_source" CHECK (("source" = 'quote') = ("quote_answer_id" IS NOT NULL));
CREATE UNIQUE INDEX "made_invoice_visit_key" ON "made_invoice"("deal_id") WHERE "source" = 'visit';
