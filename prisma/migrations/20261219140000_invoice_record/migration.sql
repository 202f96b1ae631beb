-- Every HubSpot invoice the mirror reads, a deal's own and any it replaced (docs/payments.md#the-months-money):
-- the month's money page is served from it, never from HubSpot in a request.
CREATE TABLE "invoice_record" (
    "hubspot_id" TEXT NOT NULL,
    "deal_id" TEXT,
    "made_invoice_id" UUID,
    "status" "invoice_status",
    "amount_cents" INTEGER,
    "paid_cents" INTEGER,
    "number" TEXT,
    "issued_on" DATE,
    "due_on" DATE,
    "paid_at" TIMESTAMPTZ(3),
    "voided_at" TIMESTAMPTZ(3),
    "hubspot_updated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "invoice_record_pkey" PRIMARY KEY ("hubspot_id")
);

CREATE INDEX "invoice_record_deal_id_idx" ON "invoice_record"("deal_id");
CREATE INDEX "invoice_record_issued_on_idx" ON "invoice_record"("issued_on");
CREATE INDEX "invoice_record_paid_at_idx" ON "invoice_record"("paid_at");
CREATE INDEX "invoice_record_voided_at_idx" ON "invoice_record"("voided_at");
CREATE INDEX "invoice_record_made_invoice_id_idx" ON "invoice_record"("made_invoice_id");
CREATE INDEX "invoice_record_updated_at_idx" ON "invoice_record"("updated_at");

ALTER TABLE "invoice_record" ADD CONSTRAINT "invoice_record_deal_id_fkey" FOREIGN KEY ("deal_id") REFERENCES "deal"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- What the deals' mirror already holds, so the page has earlier months from the first day; its version is
-- left unknown, so the next read of each invoice puts HubSpot's own dates in.
INSERT INTO "invoice_record" ("hubspot_id", "deal_id", "status", "amount_cents", "paid_cents", "number", "issued_on", "paid_at", "voided_at", "hubspot_updated_at")
SELECT d."invoice_hubspot_id", d."id", d."invoice_status", d."invoice_amount_cents",
       CASE WHEN d."invoice_status" = 'paid' THEN d."invoice_amount_cents" END,
       d."invoice_number", (d."created_at" AT TIME ZONE 'America/New_York')::date,
       CASE WHEN d."invoice_status" = 'paid' THEN COALESCE(d."invoice_hubspot_updated_at", d."updated_at") END,
       CASE WHEN d."invoice_status" = 'voided' THEN COALESCE(d."invoice_hubspot_updated_at", d."updated_at") END,
       NULL
FROM "deal" d WHERE d."invoice_hubspot_id" IS NOT NULL;
