import type { CleanerCleaning } from '@app/shared/cleaner-day';
import { STAGE } from '@app/shared/deal-stages';

/** For the tests of My day: a scheduled cleaning, not started, with no home written, and `overrides`. */
export function cleanerCleaning(overrides: Partial<CleanerCleaning> = {}): CleanerCleaning {
  return {
    id: 'd1',
    scheduledAt: '2026-12-10T20:00:00.000Z',
    durationMinutes: null,
    service: 'Cleaning',
    customerFirstName: 'Pat',
    address: null,
    mapUrl: null,
    rooms: null,
    addOns: [],
    notes: null,
    stageId: STAGE.CLEANING_SCHEDULED,
    stageLabel: 'Cleaning Scheduled',
    home: null,
    codes: [],
    codesToday: true,
    visit: { state: 'not_started', stateLabel: 'Not started', onMyWayAt: null, etaMinutes: null, arrival: null, startedAt: null, doneAt: null, startedWithDone: false },
    checklistFamily: 'basic',
    photoCount: 0,
    ticked: [],
    ...overrides,
  };
}
