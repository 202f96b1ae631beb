import { findSuppression } from '@app/db/email-suppression';
import { mayUse, NOTICE_KIND_LABELS, type NoticeChannel, type NoticeKind } from '@app/shared/notice-channels';
import { cursorOf, SENT_NOTICES_PAGE, type Delivery, type DeliveryState, type SentNotice, type SentNotices } from '@app/shared/sent-notices';
import { errors } from '../../../errors';
import type { ModuleDeps } from '../../registry';
import { findNoticeRecipient, findSentNotices, type EmailDeliveryRow, type SentNoticeRow, type TextDeliveryRow } from './sent-notices-repository';

/**
 * GET /api/internal/admin/customers/:id/notices: what we told the customer, notice by notice,
 * and what became of it on each channel, in staff words: the reasons the senders wrote on the
 * rows (worker/src/jobs/sms-send.ts, worker/src/email/email-send.ts), and why a channel has no
 * delivery at all.
 */

const TEXT_STATES: Readonly<Record<TextDeliveryRow['status'], DeliveryState>> = {
  queued: 'waiting',
  sending: 'sending',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'not_sent',
};

const EMAIL_STATES: Readonly<Record<EmailDeliveryRow['status'], DeliveryState>> = {
  queued: 'waiting',
  sent: 'sent',
  canceled: 'not_sent',
  failed: 'failed',
};

/** The senders write "Not sent: <why>."; the page says "Not sent" itself. */
const whyNotSent = (words: string | null) => words?.replace(/^Not sent:\s*/, '') ?? null;

function failure(provider: string, code: number | null, words: string | null): string | null {
  if (code === null) return words;
  return words ? `${provider} ${code}: ${words}` : `${provider} error ${code}`;
}

/** Why a notice has no delivery on a channel: the kind's channels, or the writers' rules (worker/src/crm/notice-repository.ts, the booking's statement). */
function noneWritten(kind: NoticeKind, channel: NoticeChannel): string {
  if (!mayUse(kind, channel)) return channel === 'sms' ? 'this kind goes by e-mail only.' : 'this kind goes by text only.';
  if (channel === 'email') return kind === 'request_received' ? 'the address had a request received e-mail that day.' : 'no e-mail address for the cleaning.';
  return kind === 'request_received'
    ? 'the booking left the text box unticked, the phone had one that day, or the text budget was used up.'
    : 'no phone for the cleaning, or this kind of text is switched off (CUSTOMER_TEXTS_OFF).';
}

/** An e-mail the provider reported on: delivered; refused for good by the receiving server (with its words); marked as spam. */
function reportedEmail(row: EmailDeliveryRow): Delivery | null {
  if (!row.delivery || !row.deliveryReportedAt) return null;
  const at = row.deliveryReportedAt.toISOString();
  switch (row.delivery) {
    case 'delivered':
      return { state: 'delivered', to: row.to, at, reason: null };
    case 'bounced':
      return { state: 'failed', to: row.to, at, reason: `it bounced${row.deliveryDetail ? ` (${row.deliveryDetail})` : ''}.` };
    case 'complained':
      return { state: 'delivered', to: row.to, at, reason: 'the customer marked it as spam.' };
  }
}

function deliveryOf(row: TextDeliveryRow | EmailDeliveryRow | undefined, channel: NoticeChannel, kind: NoticeKind): Delivery {
  if (!row) return { state: 'none', to: null, at: null, reason: noneWritten(kind, channel) };
  const reported = 'delivery' in row ? reportedEmail(row) : null;
  if (reported) return reported;
  const state = channel === 'sms' ? TEXT_STATES[row.status as TextDeliveryRow['status']] : EMAIL_STATES[row.status as EmailDeliveryRow['status']];
  const reason =
    state === 'not_sent' ? whyNotSent(row.errorMessage) : state === 'failed' ? failure(channel === 'sms' ? 'Twilio' : 'Mail server', row.errorCode, row.errorMessage) : null;
  return { state: state ?? 'waiting', to: row.to, at: (row.dueAt ?? row.statusUpdatedAt).toISOString(), reason };
}

/** The delivery to the customer's own phone or address when there are several (a phone changed since), else the newest. */
function pick<T extends { to: string }>(rows: readonly T[], to: string | null): T | undefined {
  return rows.find((r) => r.to === to) ?? rows.at(-1);
}

function noticeOf(row: SentNoticeRow, recipient: { email: string; phone: string | null }): SentNotice {
  return {
    id: row.id,
    kind: row.kind,
    label: NOTICE_KIND_LABELS[row.kind],
    at: row.createdAt.toISOString(),
    deal: row.deal,
    text: deliveryOf(pick(row.texts, recipient.phone), 'sms', row.kind),
    email: deliveryOf(pick(row.emails, recipient.email), 'email', row.kind),
  };
}

export async function sentNotices(
  deps: Pick<ModuleDeps, 'db' | 'now'>,
  contactId: string,
  before: { at: Date; id: string } | undefined,
): Promise<SentNotices> {
  const recipient = await findNoticeRecipient(deps.db, contactId);
  if (!recipient) throw errors.notFound('We could not find that customer.');
  const [rows, suppression] = await Promise.all([
    // One more than a page: whether there is a next one.
    findSentNotices(deps.db, { contactId, ...recipient }, { before, limit: SENT_NOTICES_PAGE + 1 }, deps.now()),
    findSuppression(deps.db, recipient.email),
  ]);
  const notices = rows.slice(0, SENT_NOTICES_PAGE).map((row) => noticeOf(row, recipient));
  const last = notices.at(-1);
  return {
    email: {
      address: recipient.email,
      suppression: suppression && {
        unsubscribedAt: suppression.unsubscribedAt?.toISOString() ?? null,
        bouncedAt: suppression.bouncedAt?.toISOString() ?? null,
        complainedAt: suppression.complainedAt?.toISOString() ?? null,
        reason: suppression.reason,
      },
    },
    notices,
    next: rows.length > SENT_NOTICES_PAGE && last ? cursorOf(last) : null,
  };
}
