import { z } from 'zod';
import { NOTICE_KINDS } from './notice-channels';

/**
 * "What we sent" on the staff customer page (docs/customer-messages.md#where-people-see-them):
 * each notice to the customer, newest first, with what became of it on each channel (a text, an
 * e-mail) and why something was not sent, and where e-mail to the address stands. Read by staff.
 */

/** How many notices a page of the list holds; "Show more" asks for the next. */
export const SENT_NOTICES_PAGE = 50;

/**
 * A delivery's state, in the same few words for both channels: waiting for its time, being sent,
 * sent (the provider took it), delivered (the phone's carrier or the receiving mailbox said so), failed, not
 * sent (canceled, with why), or none (nothing was written for the channel, with why).
 */
export const DELIVERY_STATES = ['waiting', 'sending', 'sent', 'delivered', 'failed', 'not_sent', 'none'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_STATE_LABELS: Readonly<Record<DeliveryState, string>> = {
  waiting: 'Waiting to go',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  not_sent: 'Not sent',
  none: 'None',
};

const instant = z.iso.datetime({ offset: true });

export const deliverySchema = z.object({
  state: z.enum(DELIVERY_STATES),
  /** The phone or address it went (or was to go) to; null for none. */
  to: z.string().nullable(),
  /** When it reached its state; for one waiting, when it is due. Null for none. */
  at: instant.nullable(),
  /** Why it was not sent, failed or none was written, in staff words. */
  reason: z.string().nullable(),
});
export type Delivery = z.output<typeof deliverySchema>;

export const sentNoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** The kind in words ('Cleaning confirmed'). */
  label: z.string(),
  /** When the notice was planned (with the change that called for it). */
  at: instant,
  /** The cleaning it is about; null once the deal is gone. */
  deal: z.object({ id: z.string(), reference: z.string() }).nullable(),
  text: deliverySchema,
  email: deliverySchema,
});
export type SentNotice = z.output<typeof sentNoticeSchema>;

export const emailSuppressionSchema = z.object({
  unsubscribedAt: instant.nullable(),
  bouncedAt: instant.nullable(),
  complainedAt: instant.nullable(),
  /** The provider's words for the bounce or complaint. */
  reason: z.string().nullable(),
});

/** GET /api/internal/admin/customers/:id/notices[?before=]. */
export const sentNoticesSchema = z.object({
  email: z.object({ address: z.string(), suppression: emailSuppressionSchema.nullable() }),
  notices: z.array(sentNoticeSchema),
  /** The `before` of the next (older) page; null: there are no more. */
  next: z.string().nullable(),
});
export type SentNotices = z.output<typeof sentNoticesSchema>;

/** A page's place in the list: the last notice's time and id ('2026-12-02T15:00:00.000Z_<uuid>'). */
export const SENT_NOTICES_CURSOR_ERROR = 'Give before as the next of an earlier page.';
export const sentNoticesQuerySchema = z.object({
  before: z
    .string({ error: SENT_NOTICES_CURSOR_ERROR })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/i, { error: SENT_NOTICES_CURSOR_ERROR })
    .transform((value) => {
      const [at, id] = value.split('_') as [string, string];
      return { at: new Date(at), id };
    })
    .refine(({ at }) => !Number.isNaN(at.getTime()), { error: SENT_NOTICES_CURSOR_ERROR })
    .optional(),
});

export const cursorOf = (notice: { at: string; id: string }): string => `${notice.at}_${notice.id}`;
