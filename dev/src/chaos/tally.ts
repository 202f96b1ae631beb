import type { RequestKind, SentRequest, Sighting } from './requests';

/** One fault's outcome, counted over its requests of every kind. */
export interface FaultTally {
  sent: number;
  /** Answered 2xx. */
  taken: number;
  /** Given up without a 2xx (its client retried 429, 5xx and dropped connections until the limit). */
  notTaken: number;
  /** 503 answers, over every attempt: the api saying "not now, retry". */
  unavailable: number;
  /** Every answer but 2xx, by status (0: none came), over every attempt. */
  failedAnswers: Record<number, number>;
  /** Taken and found in HubSpot or Twilio within the bound. */
  reached: number;
  /** Taken, not found within the bound. */
  lost: number;
  /** Taken, not found yet, bound not over: still being waited for. */
  pending: number;
  /** Found more than once (two deals, two tickets, two texts for one request). */
  duplicated: number;
  /** From the fault's end to the last request found; null while any is pending or lost. */
  healMs: number | null;
  lostByKind: Partial<Record<RequestKind, number>>;
  duplicatedByKind: Partial<Record<RequestKind, number>>;
}

export interface TallyInput {
  requests: readonly SentRequest[];
  seen: (request: SentRequest) => Sighting | undefined;
  faultEndedAt: number;
  /** A taken request must arrive within this long of the fault's end, or of its taking if later. */
  reachWithinMs: number;
  now: number;
}

/** Until when a taken request may still arrive. */
export function reachDeadline(request: SentRequest, faultEndedAt: number, reachWithinMs: number): number {
  return Math.max(faultEndedAt, request.takenAt ?? faultEndedAt) + reachWithinMs;
}

const bump = (counts: Partial<Record<RequestKind, number>>, kind: RequestKind) => {
  counts[kind] = (counts[kind] ?? 0) + 1;
};

/** Counts a fault's requests against what the emulators showed (pure: the caller looks, this counts). */
export function tallyFault({ requests, seen, faultEndedAt, reachWithinMs, now }: TallyInput): FaultTally {
  const tally: FaultTally = {
    sent: requests.length,
    taken: 0,
    notTaken: 0,
    unavailable: 0,
    failedAnswers: {},
    reached: 0,
    lost: 0,
    pending: 0,
    duplicated: 0,
    healMs: null,
    lostByKind: {},
    duplicatedByKind: {},
  };
  let lastArrival = faultEndedAt;
  for (const request of requests) {
    for (const status of request.answers) {
      if (status >= 200 && status < 300) continue;
      tally.failedAnswers[status] = (tally.failedAnswers[status] ?? 0) + 1;
      if (status === 503) tally.unavailable += 1;
    }
    if (request.takenAt === null) {
      tally.notTaken += 1;
      continue;
    }
    tally.taken += 1;
    const sighting = seen(request);
    if (sighting && sighting.copies > 1) {
      tally.duplicated += 1;
      bump(tally.duplicatedByKind, request.kind);
    }
    const deadline = reachDeadline(request, faultEndedAt, reachWithinMs);
    if (sighting && sighting.firstSeenAt <= deadline) {
      tally.reached += 1;
      lastArrival = Math.max(lastArrival, sighting.firstSeenAt);
    } else if (now < deadline) {
      tally.pending += 1;
    } else {
      tally.lost += 1;
      bump(tally.lostByKind, request.kind);
    }
  }
  if (tally.pending === 0 && tally.lost === 0) tally.healMs = lastArrival - faultEndedAt;
  return tally;
}
