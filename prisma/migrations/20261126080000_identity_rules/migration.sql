-- Identity rules (docs/identity.md): the name and phone of a public form stay on its deal, and the
-- portal shows a public-form deal only to the login phone it was submitted with, or once staff
-- confirmed it.
ALTER TABLE "deal"
  ADD COLUMN "submitted_name" TEXT,
  ADD COLUMN "submitted_phone" TEXT,
  ADD COLUMN "portal_confirmed_at" TIMESTAMPTZ(3),
  ADD COLUMN "portal_confirmed_by" TEXT;

-- Deals taken before the rule: what their form said (the request payload), so the rule
-- applies to them too: a deal whose phone differs from that of its contact waits for staff.
UPDATE "deal" d
SET submitted_phone = COALESCE(r.payload->>'phone', c.phone),
    submitted_name = NULLIF(concat_ws(' ', r.payload->>'firstName', r.payload->>'lastName'), '')
FROM "contact" c, "booking_request" r
WHERE d.source = 'public_form' AND c.id = d.contact_id AND r.deal_id = d.id;
