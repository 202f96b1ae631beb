-- A reschedule request can name the day the customer asks for instead (the portal offers a date
-- at least 5 days ahead). Staff see it with the request and in the HubSpot ticket.
ALTER TABLE "ticket" ADD COLUMN "requested_date" DATE;
