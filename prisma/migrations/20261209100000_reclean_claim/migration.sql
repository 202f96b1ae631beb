-- A customer's re-clean claim on a done cleaning (shared/src/reclean-claim.ts) is a ticket of a
-- category of its own, answered by the office like a change request. With an approved claim the
-- office tells the customer when it comes back: that note is kept for the portal, as the reason
-- of a declined request is. One open claim per cleaning is enforced under the deal's row lock,
-- as one open change request is (api/src/modules/portal/repository.ts).

ALTER TYPE "ticket_category" ADD VALUE 'Re-clean Claim';

ALTER TABLE "ticket" ADD COLUMN "approval_note" TEXT;
