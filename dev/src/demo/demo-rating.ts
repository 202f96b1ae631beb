import { createHash } from 'node:crypto';
import type { Db } from '@app/db/client';
import { RATING_HANDLED_BY } from '@app/api/modules/twilio-inbound/rating-repository';
import { COMPANY } from '@app/runtime/company';
import { ratingRequestDueAt, ratingRequestSms, ratingThanksSms, reviewLinkOf } from '@app/shared/cleaning-rating';
import type { CrmAccount } from '@app/worker/crm/account/crm-account';
import type { HubSpotGateway } from '@app/worker/crm/hubspot-gateway';
import { upsertOwners } from '@app/worker/crm/mirror-repository';
import { noticeKey } from '@app/worker/crm/notice-rules';
import { readDeal } from '@app/worker/jobs/crm-apply-deal-command';
import { mirrorDealRecords } from '@app/worker/jobs/crm-pull';
import { asTheWorkerWould } from './as-the-worker-would';
import type { DemoPerson } from './demo-plan';

/** The demo customer's rating: five stars, the text it came in, a minute-ish after the request. */
const DEMO_RATING = { value: 5, words: 'Five stars!', answeredAfterMs: 35 * 60_000 } as const;

/** A stable Twilio-like message id per demo rating text, so seeding again finds the same rows. */
const demoSid = (dealId: string, what: string) => `SM${createHash('sha256').update(`demo-rating:${dealId}:${what}`).digest('hex').slice(0, 32)}`;

/**
 * The demo customer's rated cleaning (docs/conversations.md#ratings), so the today board's
 * "Ratings (30 days)" shows an average and its cleaner after `npm run dev`: the done cleaning
 * mirrored as the worker's pull would (with the cleaners, so its cleaner is kept with the
 * rating), the request that went out at 10 AM the day after, the customer's answer and our
 * thank-you, all delivered before this run (no outbox events). Idempotent: seeding again moves the
 * times to be relative to the cleaning's date, which the demo plan keeps relative to now.
 */
export async function seedDemoRating(
  deps: { db: Db; hubspot: HubSpotGateway; account: CrmAccount },
  dealHubspotId: string,
  customer: DemoPerson,
  contactId: string,
): Promise<void> {
  const { db } = deps;
  await asTheWorkerWould(async () => {
    await upsertOwners(db, await deps.hubspot.listOwners());
    const record = await readDeal(deps.hubspot, dealHubspotId);
    if (!record) throw new Error(`demo deal ${dealHubspotId} is not in HubSpot`);
    await mirrorDealRecords(deps, [record]);
  });
  const deal = await db.deal.findFirstOrThrow({ where: { hubspotId: dealHubspotId, archivedAt: null }, select: { id: true, ownerId: true, scheduledAt: true } });
  if (!deal.scheduledAt) throw new Error(`demo deal ${dealHubspotId} has no date`);
  // Closed out the evening of the cleaning: asked at 10 AM the next day, answered soon after.
  const requestedAt = ratingRequestDueAt(deal.scheduledAt, deal.scheduledAt)!;
  const ratedAt = new Date(requestedAt.getTime() + DEMO_RATING.answeredAfterMs);
  const delivered = (at: Date) => ({ status: 'delivered' as const, createdAt: at, sentAt: at, statusUpdatedAt: new Date(at.getTime() + 5_000) });

  const request = {
    purpose: 'rating_request' as const,
    to: customer.phone,
    dealId: deal.id,
    dedupeKey: noticeKey('rating_request', deal.id, { scheduledAt: deal.scheduledAt.toISOString() }),
    body: ratingRequestSms(COMPANY.name),
    sid: demoSid(deal.id, 'request'),
    ...delivered(requestedAt),
  };
  const sentRequest = await db.smsMessage.upsert({ where: { sid: request.sid }, create: request, update: request, select: { id: true } });
  const answer = { fromPhone: customer.phone, body: DEMO_RATING.words, receivedAt: ratedAt, contactId, handledAt: ratedAt, handledBy: RATING_HANDLED_BY };
  const sid = demoSid(deal.id, 'answer');
  const inbound = await db.inboundText.upsert({ where: { sid }, create: { sid, ...answer }, update: answer, select: { id: true } });
  const thanksAt = new Date(ratedAt.getTime() + 2_000);
  const thanks = {
    purpose: 'rating_reply' as const,
    to: customer.phone,
    dealId: deal.id,
    dedupeKey: `rating_reply:${deal.id}`,
    body: ratingThanksSms(COMPANY.name, reviewLinkOf(COMPANY)),
    sid: demoSid(deal.id, 'thanks'),
    ...delivered(thanksAt),
  };
  await db.smsMessage.upsert({ where: { sid: thanks.sid }, create: thanks, update: thanks });
  const rating = { phone: customer.phone, contactId, ownerId: deal.ownerId, smsMessageId: sentRequest.id, requestedAt, rating: DEMO_RATING.value, ratedAt, inboundTextId: inbound.id };
  await db.cleaningRating.upsert({ where: { dealId: deal.id }, create: { dealId: deal.id, ...rating }, update: rating });
}
