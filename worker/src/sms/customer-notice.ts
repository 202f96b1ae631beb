import type { Db } from '@app/db/client';
import { COMPANY } from '@app/runtime/company';
import { requestReceivedSms, type CustomerMessageKind } from '@app/shared/customer-messages';

/**
 * The customer texts the worker writes so far (shared/src/customer-messages.ts has them all):
 * the others follow as their triggers in the CRM pull are built (issue 18).
 */
export const NOTICE_KINDS = ['request_received'] as const satisfies readonly CustomerMessageKind[];
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The words of a customer text, from its deal as it is now; null when the deal no longer exists. */
export async function noticeText(db: Db, notice: { kind: NoticeKind; dealId: string }): Promise<string | null> {
  const deal = await db.deal.findUnique({ where: { id: notice.dealId }, select: { reference: true } });
  if (!deal) return null;
  switch (notice.kind) {
    case 'request_received':
      return requestReceivedSms({ company: COMPANY.name }, deal.reference);
  }
}
