import type { Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { cleaningConfirmedSms, reminderSms, requestReceivedSms, rescheduledSms, type CustomerMessageKind, type MessageContext } from '@app/shared/customer-messages';
import { STAGE } from '@app/shared/deal-stages';
import { formatUsPhone } from '@app/shared/phone';

/**
 * The customer texts the worker writes so far (shared/src/customer-messages.ts has them all):
 * the others follow as their triggers are built (issue 18).
 */
export const NOTICE_KINDS = ['request_received', 'cleaning_confirmed', 'rescheduled', 'reminder'] as const satisfies readonly CustomerMessageKind[];
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export interface Notice {
  kind: NoticeKind;
  dealId: string;
  /** The appointment a confirmation or a move is about (ISO instant). */
  scheduledAt?: string | undefined;
}

export type NoticeText = { text: string } | { skipped: 'gone' | 'stale' };

/**
 * The words of a customer text, from its deal as it is when the text goes out. Skipped when the
 * deal is gone, or when a confirmation or a move no longer holds (the date changed again: the
 * newer change has its own text and reminder; the cleaning was canceled).
 */
export async function noticeText(db: Db, notice: Notice, portalUrl: string): Promise<NoticeText> {
  const deal = await db.deal.findUnique({ where: { id: notice.dealId }, select: { reference: true, stageId: true, scheduledAt: true } });
  if (!deal) return { skipped: 'gone' };
  const ctx: MessageContext = { company: COMPANY.name, phone: formatUsPhone(COMPANY.phone), portalUrl };
  switch (notice.kind) {
    case 'request_received':
      return { text: requestReceivedSms(ctx, deal.reference) };
    case 'cleaning_confirmed':
    case 'rescheduled':
    case 'reminder': {
      const current = deal.stageId === STAGE.CLEANING_SCHEDULED && deal.scheduledAt?.toISOString() === notice.scheduledAt;
      if (!current || !deal.scheduledAt) return { skipped: 'stale' };
      if (notice.kind === 'reminder') return { text: reminderSms(ctx, deal.scheduledAt) };
      const write = notice.kind === 'cleaning_confirmed' ? cleaningConfirmedSms : rescheduledSms;
      return { text: write(ctx, deal.reference, deal.scheduledAt) };
    }
  }
}
