/** The kinds of request chaos sends, each followed to where it must arrive. */
export const REQUEST_KINDS = ['booking', 'change request', 'login code'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** One request as its client saw it, from the first attempt to the answer that took it. */
export interface SentRequest {
  kind: RequestKind;
  /**
   * What finds it downstream, known once taken: a booking's deal id (the HubSpot deal's
   * app_request_id), a change request's ticket id (the HubSpot ticket's), a login code's phone.
   */
  key: string | null;
  /** When the first attempt went out. */
  sentAt: number;
  /** When an attempt was answered 2xx; null: never taken (given up). */
  takenAt: number | null;
  /** The status of each attempt, in order; 0 is no answer (connection refused or dropped). */
  answers: number[];
}

/** What HubSpot or Twilio showed of one taken request. */
export interface Sighting {
  /** The first look that found it. */
  firstSeenAt: number;
  /** The most records (deals, tickets) or texts found for it at any look. */
  copies: number;
}
