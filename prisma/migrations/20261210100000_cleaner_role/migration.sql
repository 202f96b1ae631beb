-- The cleaner role (docs/product.md §6): the office marks on the Cleaner Roster which HubSpot
-- owners are cleaners. A staff sign-in whose e-mail matches an active owner marked so becomes a
-- cleaner session. The mark is ours, not HubSpot's: the owner mirror never writes this column.
-- NOTE: no semicolon inside comments or strings (the adapter splits the file on every one).

-- AlterTable
ALTER TABLE "owner" ADD COLUMN "is_cleaner" BOOLEAN NOT NULL DEFAULT false;

-- Every sign-in and every request of a staff session looks an e-mail up among the marked owners.
CREATE INDEX "owner_cleaner_email_idx" ON "owner"(lower("email")) WHERE "is_cleaner";
