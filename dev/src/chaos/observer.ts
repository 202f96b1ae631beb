import type { Emulators } from './emulators';
import type { SentRequest, Sighting } from './requests';
import { copiesOf, nextSighting } from './sightings';

/** Follows taken requests into HubSpot and Twilio: each look records what it found. */
export class Observer {
  private readonly sightings = new Map<SentRequest, Sighting>();

  constructor(private readonly emulators: Emulators) {}

  /** One look at both emulators for these requests (those not yet taken are skipped). */
  async look(requests: readonly SentRequest[]): Promise<void> {
    const snapshot = await this.emulators.snapshot();
    for (const request of requests) {
      if (request.takenAt === null) continue;
      const next = nextSighting(this.sightings.get(request), copiesOf(request, snapshot), snapshot.at);
      if (next) this.sightings.set(request, next);
    }
  }

  readonly seen = (request: SentRequest): Sighting | undefined => this.sightings.get(request);
}
