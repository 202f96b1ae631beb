import type { Db } from '@app/db/client';
import type { Prisma } from '@app/db/generated/client';
import { dealStageLabel, STAGE } from '@app/shared/deal-stages';
import { formatEastern } from '@app/shared/eastern-time';
import { formatUsd } from '@app/shared/money';
import { sentQuoteSchema } from '@app/shared/quote';
import type { CrmAccount } from '../crm/account/crm-account';
import type { HubSpotGateway } from '../crm/hubspot-gateway';
import { writeQuoteInvoice } from '../crm/made-invoice-repository';
import type { NoticePolicy } from '../crm/notice-rules';
import { loadAnswer, newerQuoteSent, saveAnswerNote, settleAnswer, type AnswerToApply } from '../crm/quote-answer-repository';
import { readDeal } from './crm-apply-deal-command';
import { mirrorDealRecords } from './crm-pull';
import { defineJob } from './job';

interface AnswerDeps {
  db: Db;
  hubspot: HubSpotGateway;
  account: CrmAccount;
  notices?: NoticePolicy;
  now?: () => Date;
}

/** Where an answer moves the deal. */
export const ANSWER_STAGE = { approved: STAGE.INVOICE_PAYMENT_NEEDED, declined: STAGE.QUOTE_CANCELED } as const;

export const ANSWER_DEAL_GONE = 'The deal was deleted in HubSpot.';
export const ANSWER_REQUOTED = 'The office sent a new quote before this answer reached HubSpot: the answer was not applied.';
export const answerNotAwaiting = (stage: string) =>
  `The deal is in ${dealStageLabel(stage) ?? stage} in HubSpot, no longer awaiting quote approval: the answer was not applied.`;

/**
 * Applies a customer's answer to a quote (docs/staff-actions.md): moves the HubSpot deal to
 * Invoice Payment Needed (approved) or Quote Canceled (declined), but only while HubSpot's deal
 * still awaits approval and the answered quote is still the deal's last; otherwise the answer
 * ends failed, with why, for staff to see, and HubSpot's deal is mirrored as it is. A deal
 * already where the answer takes it (a retry) is not updated again. Once applied, the deal is
 * mirrored as a pull would and a note on it records the answer; an approval's settlement writes
 * the quote's invoice for crm.make-invoice to make. Waits while the deal is not in HubSpot yet.
 */
export function crmApplyQuoteAnswerJob(deps: AnswerDeps) {
  const now = deps.now ?? (() => new Date());
  return defineJob('crm.apply-quote-answer', async ({ answerId }, { log }) => {
    const answer = await loadAnswer(deps.db, answerId);
    if (!answer) return { outcome: 'missing' as const };
    const noteDue = answer.status === 'applied' && answer.noteHubspotId === null;
    if (answer.status !== 'pending' && !noteDue) return { outcome: 'settled' as const };
    if (answer.deal.archivedAt) {
      await settleAnswer(deps.db, answerId, { status: 'failed', error: ANSWER_DEAL_GONE }, now());
      return { outcome: 'failed' as const, error: ANSWER_DEAL_GONE };
    }
    const dealHubspotId = answer.deal.hubspotId;
    if (!dealHubspotId) throw new Error(`deal ${answer.deal.id} is not in HubSpot yet`);

    if (answer.status === 'pending') {
      const stages = deps.account.stages();
      const target = ANSWER_STAGE[answer.answer];
      const current = await readDeal(deps.hubspot, dealHubspotId);
      if (!current) throw new Error(`deal ${dealHubspotId} was not found in HubSpot`);
      const stage = stages.dealStageKey(current.properties.dealstage ?? '');
      if (stage !== target) {
        const refusal = (await newerQuoteSent(deps.db, answer)) ? ANSWER_REQUOTED : stage !== STAGE.AWAITING_QUOTE_APPROVAL ? answerNotAwaiting(stage) : null;
        if (refusal) {
          await mirrorDealRecords(deps, [current]);
          await settleAnswer(deps.db, answerId, { status: 'failed', error: refusal }, now());
          log.info({ dealHubspotId, stage }, 'quote answer refused: the deal no longer awaits it');
          return { outcome: 'failed' as const, error: refusal };
        }
        await deps.hubspot.updateObject('deals', dealHubspotId, { dealstage: stages.dealStageId(target) });
      }
      // The note first: associating it changes the deal's version, which the mirror must then hold.
      if (answer.noteHubspotId === null) await saveAnswerNote(deps.db, answerId, await deps.hubspot.noteOnDeal(dealHubspotId, answerNote(answer), answer.createdAt));
      const updated = await readDeal(deps.hubspot, dealHubspotId);
      if (updated) await mirrorDealRecords(deps, [updated]);
      // An approved quote's invoice is made from here on (docs/payments.md), once: with the settlement.
      const invoice = answer.answer === 'approved' ? (tx: Prisma.TransactionClient) => writeQuoteInvoice(tx, { id: answerId, dealId: answer.deal.id }) : undefined;
      await settleAnswer(deps.db, answerId, { status: 'applied' }, now(), invoice);
    } else {
      // Applied before notes came first: its note is still due.
      await saveAnswerNote(deps.db, answerId, await deps.hubspot.noteOnDeal(dealHubspotId, answerNote(answer), answer.createdAt));
    }
    log.info({ dealHubspotId, answer: answer.answer }, 'quote answer applied in HubSpot');
    return { outcome: 'applied' as const };
  });
}

/** The deal's record of the answer: what, for which total, by whom and when (Eastern Time), and why when given. */
export function answerNote(answer: Pick<AnswerToApply, 'answer' | 'reason' | 'createdAt' | 'contact' | 'quote'>): string {
  const quote = sentQuoteSchema.parse((answer.quote.changes as { quote?: unknown }).quote);
  const moved = dealStageLabel(ANSWER_STAGE[answer.answer]);
  const why = answer.reason ? ` Reason: ${answer.reason}` : '';
  return `Quote of ${formatUsd(quote.totalCents)} ${answer.answer} by the customer (${answer.contact.email}) in the portal on ${formatEastern(answer.createdAt)}. Moved to ${moved}.${why}`;
}
