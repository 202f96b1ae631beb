import type { CloseOutInput } from '@app/shared/close-out';
import { SCHEDULE_WARNING_CODES, type ScheduleInput, type ScheduleWarning } from '@app/shared/schedule';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const dealPath = (dealId: string, action: string) => `/api/internal/admin/deals/${encodeURIComponent(dealId)}/${action}`;

const recordedSchema = z.object({ success: z.literal(true), commandId: z.string() });
const warningsSchema = z.object({ warnings: z.array(z.object({ code: z.enum(SCHEDULE_WARNING_CODES), message: z.string() })) });

type ForDeal<T> = T & { dealId: string };

/** POST /deals/:id/schedule/check: what the office should know before it saves a plan. */
export async function checkSchedule({ dealId, ...input }: ForDeal<ScheduleInput>): Promise<ScheduleWarning[]> {
  return (await api.post(dealPath(dealId, 'schedule/check'), input, warningsSchema)).warnings;
}

/** POST /deals/:id/schedule: recorded as a command, applied in HubSpot by the worker. */
export async function scheduleDeal({ dealId, ...input }: ForDeal<ScheduleInput>): Promise<{ commandId: string }> {
  return api.post(dealPath(dealId, 'schedule'), input, recordedSchema);
}

/** POST /deals/:id/close-out: done, no-show or canceled on the day; `keepalive` when the page is going away. */
export async function closeOutDeal({ dealId, ...input }: ForDeal<CloseOutInput>, options: { keepalive?: boolean } = {}): Promise<{ commandId: string }> {
  return api.post(dealPath(dealId, 'close-out'), input, recordedSchema, options);
}
