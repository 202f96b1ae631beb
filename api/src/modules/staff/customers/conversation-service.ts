import { contactForPhone, findWaiting, markHandled } from '@app/db/conversations';
import { findOptOut } from '@app/db/sms-opt-out';
import {
  CONVERSATION_LIMIT,
  replySendableAt,
  SMS_PURPOSE_LABELS,
  STAFF_REPLY_ERRORS,
  type Conversation,
  type MarkHandled,
  type ThreadItem,
  type staffReplySchema,
} from '@app/shared/conversations';
import { joinName } from '@app/shared/customer-context';
import { isUsPhone } from '@app/shared/phone';
import type { z } from 'zod';
import { AppError, errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import { findThread, writeStaffReply, type InboundRow, type OutboundRow } from './conversation-repository';

type OutboundItem = Extract<ThreadItem, { direction: 'out' }>;

function inboundItem(t: InboundRow): ThreadItem {
  return {
    direction: 'in',
    id: t.id,
    at: t.receivedAt.toISOString(),
    body: t.body,
    keyword: t.keyword === 'stop' || t.keyword === 'start' || t.keyword === 'help' ? t.keyword : null,
    handledBy: t.handledBy,
    inHubSpot: t.hubspotCommunicationId !== null,
  };
}

function outboundItem(m: OutboundRow): OutboundItem {
  return {
    direction: 'out',
    id: m.id,
    at: m.createdAt.toISOString(),
    purpose: m.purpose,
    label: SMS_PURPOSE_LABELS[m.purpose],
    // A login code's words are never kept (the row's body stays null); none is shown either way.
    body: m.purpose === 'login_code' ? null : m.body,
    status: m.status,
    errorCode: m.errorCode,
    // Why a text was never sent (canceled); Twilio's own words stay out of the page.
    reason: m.status === 'canceled' ? m.errorMessage : null,
    staffEmail: m.staffEmail,
    sendsAt: m.sendsAt?.toISOString() ?? null,
    inHubSpot: m.hubspotCommunicationId !== null,
  };
}

/** In time order; a text and what it caused at the same instant (an after-hours answer) in that order. */
const byTime = (a: ThreadItem, b: ThreadItem) => a.at.localeCompare(b.at) || (a.direction === b.direction ? 0 : a.direction === 'in' ? -1 : 1);

/**
 * GET /api/internal/admin/conversations?phone=: a phone's texts in and out as one thread, oldest
 * first (the newest at the bottom), with the customer it belongs to (or none: an unknown number),
 * whether it waits for an answer, and whether a reply can go.
 */
export async function conversation(deps: Pick<ModuleDeps, 'db' | 'now'>, phone: string): Promise<Conversation> {
  const now = deps.now();
  const [thread, waiting, optOut, contact] = await Promise.all([
    findThread(deps.db, phone, CONVERSATION_LIMIT, now),
    findWaiting(deps.db, { phone, limit: 1 }),
    findOptOut(deps.db, phone),
    contactForPhone(deps.db, phone),
  ]);
  const items = [...thread.inbound.map(inboundItem), ...thread.outbound.map(outboundItem)].sort(byTime).slice(-CONVERSATION_LIMIT);
  const refusal = optOut ? STAFF_REPLY_ERRORS.optedOut : isUsPhone(phone) ? null : STAFF_REPLY_ERRORS.phone;
  return {
    phone,
    customer: contact ? { id: contact.id, name: joinName(contact.firstName, contact.lastName) || contact.email } : null,
    items,
    earlier: thread.total - items.length,
    waitingSince: waiting.rows[0]?.since.toISOString() ?? null,
    reply: { allowed: refusal === null, reason: refusal },
  };
}

/**
 * POST /api/internal/admin/conversations/replies: a staff member's answer, sent through the
 * outbox like every text we send (the worker checks opt-out, consent and held phones again when
 * it goes), within the company's text budget, recorded with who wrote it. Quiet hours: see
 * replySendableAt (at once while the customer is in the conversation).
 */
export async function sendReply(
  deps: Pick<ModuleDeps, 'db' | 'now' | 'outbox' | 'sendableAt'> & { auth: Pick<ModuleDeps['auth'], 'smsBudget'> },
  input: z.output<typeof staffReplySchema>,
  staffEmail: string,
): Promise<OutboundItem> {
  const outcome = await writeStaffReply(deps.db, {
    phone: input.phone,
    body: input.body,
    staffEmail,
    at: deps.now(),
    budget: deps.auth.smsBudget,
    sendableAt: (at, lastTextFrom) => replySendableAt(at, lastTextFrom, deps.sendableAt),
  });
  if (outcome.kind === 'opted_out') throw errors.conflictOn('body', 'sms_opted_out', STAFF_REPLY_ERRORS.optedOut);
  if (outcome.kind === 'budget') throw new AppError(503, 'sms_budget_spent', STAFF_REPLY_ERRORS.budget, 'body');
  deps.outbox.notify();
  return outboundItem(outcome.message);
}

/** POST /api/internal/admin/conversations/handled: "No reply needed" for the phone's texts up to `through`. */
export async function noReplyNeeded(deps: Pick<ModuleDeps, 'db' | 'now'>, input: MarkHandled, staffEmail: string): Promise<{ handled: number }> {
  return { handled: await markHandled(deps.db, input.phone, new Date(input.through), staffEmail, deps.now()) };
}

