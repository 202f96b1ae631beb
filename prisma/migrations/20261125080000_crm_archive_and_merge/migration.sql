-- Hand-written. CRM pull and sweep: records deleted in HubSpot, and invoice versions.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- Set by the crm.sweep job when HubSpot no longer has the deal or ticket (batch read answers
-- not found). The rows stay, with the customer's request, but the portal, the staff calendar
-- and the customer lookup leave them out. Cleared if HubSpot has the record again (restored).
ALTER TABLE "deal" ADD COLUMN "archived_at" TIMESTAMPTZ(3);
ALTER TABLE "ticket" ADD COLUMN "archived_at" TIMESTAMPTZ(3);

-- The mirrored invoice's hs_lastmodifieddate, so that re-reading an older copy of the invoice
-- (the search index lags HubSpot's writes) never overwrites a newer one.
ALTER TABLE "deal" ADD COLUMN "invoice_hubspot_updated_at" TIMESTAMPTZ(3);
