-- A cleaning the office books for an existing customer from the customer page (a phone call),
-- as opposed to the public form, the portal or HubSpot (docs/staff-actions.md).
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

ALTER TYPE "deal_source" ADD VALUE 'office';
