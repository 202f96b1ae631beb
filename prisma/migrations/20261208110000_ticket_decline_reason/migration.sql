-- The office's reason for declining a change or cancel request (docs/staff-actions.md), as the
-- customer reads it on that cleaning in the portal. Written by the worker once HubSpot has the
-- ticket in Request Declined. Null for any other answer, and for a request declined in HubSpot.

ALTER TABLE "ticket" ADD COLUMN "decline_reason" TEXT;
