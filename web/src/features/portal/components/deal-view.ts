import { findProduct } from '@app/shared/catalogue';
import { stageTone, type StageTone } from '@app/shared/deal-stages';
import { CUSTOMER_MESSAGE_LABELS, type CustomerMessageKind } from '@app/shared/customer-messages';
import { formatEastern, formatEasternShort } from '@app/shared/eastern-time';
import type { Deal, Ticket } from '@app/shared/entities';
import { deriveInvoice, invoiceStatusLabel } from '@app/shared/invoice';
import { formatUsd } from '@app/shared/money';
import { portalNextStep } from '@app/shared/portal-next-step';
import { dealScheduledAt, dealStatus } from '@app/shared/portal-split';
import { recleanView } from '@app/shared/reclean-claim';
import { declinedRequestNote } from '@app/shared/request-answers';
import { isTicketClosed, manageButtonsState, pickRequests, type ManageButtonsState } from '@app/shared/tickets';

/** Our wording: a deal with no service on it yet. */
export const DEFAULT_DEAL_TITLE = 'Cleaning';
/** Our wording: a deal that has no appointment yet. */
export const NOT_SCHEDULED = 'Not scheduled yet';

export interface InvoiceView {
  /** '$349.00', or null when the invoice has no amount. */
  amount: string | null;
  /** Paid/Settled, Not Paid or Voided; null for another status. */
  statusLabel: string | null;
  number: string | null;
  pdfLink: string | null;
  link: string | null;
  /** The invoice's payment page while it is not paid; null otherwise. */
  payLink: string | null;
}

/** A text we sent about the cleaning: what it was, whether it arrived, when (Eastern). */
export interface MessageView {
  label: string;
  delivery: 'Sent' | 'Delivered' | 'Not delivered';
  at: string;
}

export interface DealView {
  id: string;
  /** The deal's stage id (docs/product.md §4). */
  stageId: string;
  /** What comes next, in one sentence (shared/portal-next-step.ts); null where the card says it all. */
  nextStep: string | null;
  /** The short reference the customer reads out (ATL-7K3F); null for a deal without one. */
  reference: string | null;
  title: string;
  /** The catalogue id of the deal's service (Book again offers it); null when none. */
  serviceId: string | null;
  statusLabel: string;
  /** What the status means to the customer: the badge's colour. */
  tone: StageTone;
  /** Street and city. */
  address: string | null;
  /** The cleaner's first name, once one is assigned. */
  cleaner: string | null;
  notConfirmed: boolean;
  /** 'Month D, YYYY at H:MM AM/PM' (Eastern), or null when not scheduled. */
  scheduled: string | null;
  invoice: InvoiceView | null;
  manage: ManageButtonsState;
  /** The office declined the latest request: why, in our words; null otherwise. */
  declined: string | null;
  /** The satisfaction guarantee of a done cleaning (shared/reclean-claim.ts). */
  reclean: {
    /** "Something was missed" is offered now. */
    offered: boolean;
    /** The end of the window, 'Month D, YYYY at H:MM AM/PM' (Eastern); null when the cleaning has none. */
    until: string | null;
    /** What became of the latest claim, in the customer's words; null when there is none. */
    note: string | null;
    /** The latest claim is still open: our office has not answered it yet. */
    open: boolean;
  };
  /** The texts sent about it, oldest first. */
  messages: MessageView[];
  /** The recurring plan it is a visit of: its rule in words, and whether "Skip this visit" is offered now; null for any other cleaning. */
  plan: { rule: string; skippable: boolean } | null;
}


function invoiceView(deal: Deal): InvoiceView | null {
  const invoice = deriveInvoice(deal);
  if (invoice.amountCents === null && !invoice.status && !invoice.number && !invoice.pdf_link && !invoice.link) return null;
  return {
    amount: invoice.amountCents === null ? null : formatUsd(invoice.amountCents),
    statusLabel: invoiceStatusLabel(invoice.status),
    number: invoice.number,
    pdfLink: invoice.pdf_link,
    link: invoice.link,
    payLink: invoice.status?.trim().toLowerCase() === 'open' ? invoice.link : null,
  };
}

const delivery = (status: string): MessageView['delivery'] =>
  status === 'delivered' ? 'Delivered' : status === 'undelivered' || status === 'failed' ? 'Not delivered' : 'Sent';

function messageViews(deal: Deal): MessageView[] {
  return deal.messages.map((m) => ({
    label: CUSTOMER_MESSAGE_LABELS[m.kind as CustomerMessageKind] ?? 'Text message',
    delivery: delivery(m.status),
    at: formatEasternShort(new Date(m.at)),
  }));
}

/** The guarantee from the window the api computed (the company's hours) and the latest claim; `now` ends the offer. */
function recleanOf(deal: Deal, now: Date): DealView['reclean'] {
  const until = deal.reclean?.until ? new Date(deal.reclean.until) : null;
  const claim = deal.reclean?.claim ?? null;
  const view = recleanView({ until, claim, now });
  return { offered: view.offered, until: until ? formatEastern(until) : null, note: view.note, open: claim !== null && !isTicketClosed(claim) };
}

/** In the history a stage still 'pending' (unknown, shown as 'Completed') reads as done. */
const historyTone = (tone: StageTone, section: 'upcoming' | 'history'): StageTone => (section === 'history' && tone === 'pending' ? 'done' : tone);

/**
 * What one deal shows in the portal (docs/product.md §4), from the shared rules the API applies too.
 * `tickets` are the deal's tickets from fetchTickets when they have loaded; until then the
 * requests attached to the deal itself count. `now` drives the 24-hour lock.
 */
export function dealView(deal: Deal, section: 'upcoming' | 'history', tickets: readonly Ticket[] | undefined, now: Date): DealView {
  const requests = tickets ? pickRequests(tickets) : { activeRequest: deal.activeRequest ?? null, closedRequest: deal.closedRequest ?? null };
  const scheduledAt = dealScheduledAt(deal);
  const status = dealStatus(deal, section);
  const service = deal.external_skus.map(findProduct).find((p) => p && p.type !== 'Add On');
  const invoice = invoiceView(deal);
  const manage = manageButtonsState({ ...requests, scheduled: scheduledAt, now });
  return {
    id: deal.id,
    stageId: deal.dealstage,
    // A passed cleaning's card says what follows it (CLEANING_TIME_PASSED_NEXT) instead.
    nextStep: section === 'upcoming' && !manage.passed ? portalNextStep(deal.dealstage, { open: invoice?.payLink != null }) : null,
    reference: deal.reference ?? null,
    title: service?.name ?? DEFAULT_DEAL_TITLE,
    serviceId: service?.id ?? null,
    statusLabel: status.label,
    tone: historyTone(stageTone(deal.dealstage), section),
    address: deal.service_address ?? null,
    cleaner: deal.cleaner_first_name ?? null,
    notConfirmed: status.notConfirmed,
    scheduled: deal.scheduled_date_display || (scheduledAt ? formatEastern(scheduledAt) : null),
    invoice,
    manage,
    declined: declinedRequestNote(requests),
    reclean: recleanOf(deal, now),
    messages: messageViews(deal),
    // Skippable as the server says, and only while Change and Cancel are offered by the same rules here.
    plan: deal.plan ? { rule: deal.plan.rule, skippable: deal.plan.skippable && section === 'upcoming' && !manage.disabled } : null,
  };
}
