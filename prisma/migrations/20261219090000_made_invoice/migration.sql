-- Invoices the product makes in HubSpot (docs/payments.md): one per approved quote's answer,
-- written with the answer's settlement; our id is the HubSpot invoice's app_request_id.
CREATE TABLE "made_invoice" (
    "id" UUID NOT NULL,
    "deal_id" TEXT NOT NULL,
    "quote_answer_id" UUID,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "hubspot_id" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "made_at" TIMESTAMPTZ(3),
    CONSTRAINT "made_invoice_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "made_invoice_status" CHECK ("status" IN ('pending', 'made', 'failed')),
    CONSTRAINT "made_invoice_made" CHECK (("status" = 'made') = ("hubspot_id" IS NOT NULL AND "made_at" IS NOT NULL))
);
CREATE UNIQUE INDEX "made_invoice_quote_answer_id_key" ON "made_invoice"("quote_answer_id");
CREATE INDEX "made_invoice_deal_id_idx" ON "made_invoice"("deal_id");
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "made_invoice" ADD CONSTRAINT "made_invoice_quote_answer_id_fkey" FOREIGN KEY ("quote_answer_id") REFERENCES "quote_answer"("id") ON DELETE CASCADE ON UPDATE CASCADE;
