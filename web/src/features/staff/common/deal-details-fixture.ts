import { STAGE } from '@app/shared/deal-stages';
import type { DealDetails } from '@app/shared/staff-board';

/** For the tests of the deal panel's actions: a deal in Creating Quote with nothing on it yet, and `overrides`. */
export function dealDetails(overrides: Partial<DealDetails> = {}): DealDetails {
  return {
    id: 'deal-1',
    customer: null,
    serviceType: 'Deep Clean',
    address: null,
    scheduledAt: null,
    durationMinutes: null,
    visitOutcome: null,
    preferredDate: null,
    timeOfDay: null,
    stageId: STAGE.CREATING_QUOTE,
    stageLabel: 'Creating Quote',
    cleaner: null,
    invoiceStatus: null,
    amount: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    hubspotUrl: null,
    cleanerId: null,
    rooms: null,
    notes: null,
    toSettle: [],
    photos: 0,
    mapUrl: null,
    invoice: { number: null, url: null, pdfUrl: null },
    amountCents: null,
    canSchedule: false,
    closeOut: null,
    openRequest: null,
    version: '2026-11-23T18:30:00.000Z',
    moves: [],
    commands: [],
    mayQuote: false,
    quote: null,
    request: null,
    plan: null,
    makePlan: null,
    ...overrides,
  };
}
