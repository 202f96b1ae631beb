import type { Db, DbTransaction } from './client';

/** What a quote row carries to the pages (shared/quote.ts QuoteRow). */
const quoteRowSelect = {
  id: true,
  createdAt: true,
  changes: true,
  answer: { select: { answer: true, reason: true, status: true, error: true, createdAt: true } },
} as const;

/**
 * A deal's last quote HubSpot has (its newest applied 'quote' command), with the customer's
 * answer when given: what the portal offers to approve or decline and what the staff pages show
 * (shared/quote.ts quoteView). A quote still on its way to HubSpot is not the customer's yet.
 */
export function lastQuote(db: Db | DbTransaction, dealId: string) {
  return db.dealCommand.findFirst({
    where: { dealId, kind: 'quote', status: 'applied' },
    orderBy: { createdAt: 'desc' },
    select: quoteRowSelect,
  });
}
