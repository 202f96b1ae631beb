import { sqlPool, type Db } from '@app/db/client';
import type { VisitRow } from '@app/shared/cleaning-visit';
import type { OwnerRef } from '../common/owner-ref';

const SCHEDULED_LIMIT = 5000;

export interface ScheduledDealRow {
  id: string;
  scheduledAt: Date;
  stageId: string;
  durationMinutes: number | null;
  contact: { id: string; firstName: string | null; lastName: string | null; email: string } | null;
  serviceType: string | null;
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  owner: OwnerRef | null;
  /** The cleaner's taps (docs/cleaner-day.md); null before the first. */
  visit: VisitRow | null;
  /** A visit of a recurring plan (docs/recurring-plans.md). */
  planVisit: boolean;
}

/**
 * The calendar's week: deals of the stages with an appointment inside [from, to) (either end
 * open when absent), in time order, none deleted in HubSpot, with their cleaner and customer.
 * One prepared statement: the staff area's busiest read (docs/benchmarks.md).
 */
const SCHEDULED_DEALS = `
SELECT d.id, d.scheduled_at AS "scheduledAt", d.stage_id AS "stageId", d.service_type AS "serviceType", d.duration_minutes AS "durationMinutes",
  d.street, d.city, d.state, d.zip, d.plan_id IS NOT NULL AS "planVisit",
  o.id AS "ownerId", o.first_name AS "ownerFirstName", o.last_name AS "ownerLastName", o.email AS "ownerEmail",
  c.id AS "contactId", c.first_name AS "contactFirstName", c.last_name AS "contactLastName", c.email AS "contactEmail",
  v.deal_id AS "visitDealId", v.on_my_way_at AS "onMyWayAt", v.eta_minutes AS "etaMinutes", v.started_at AS "startedAt", v.done_at AS "doneAt"
FROM deal d
LEFT JOIN owner o ON o.id = d.owner_id
LEFT JOIN contact c ON c.id = d.contact_id
LEFT JOIN cleaning_visit v ON v.deal_id = d.id
WHERE d.stage_id = ANY($1::text[]) AND d.archived_at IS NULL
  AND d.scheduled_at >= COALESCE($2::timestamptz, '-infinity') AND d.scheduled_at < COALESCE($3::timestamptz, 'infinity')
ORDER BY d.scheduled_at ASC, d.id ASC
LIMIT ${SCHEDULED_LIMIT}`;

interface ScheduledDealSqlRow extends Omit<ScheduledDealRow, 'owner' | 'contact' | 'visit'>, VisitRow {
  visitDealId: string | null;
  ownerId: string | null;
  ownerFirstName: string | null;
  ownerLastName: string | null;
  ownerEmail: string | null;
  contactId: string | null;
  contactFirstName: string | null;
  contactLastName: string | null;
  contactEmail: string | null;
}

export async function findScheduledDeals(db: Db, q: { stageIds: readonly string[]; from?: Date | undefined; to?: Date | undefined }): Promise<ScheduledDealRow[]> {
  const { rows } = await sqlPool(db).query<ScheduledDealSqlRow>({
    name: 'staff-scheduled-deals',
    text: SCHEDULED_DEALS,
    values: [[...q.stageIds], q.from ?? null, q.to ?? null],
  });
  return rows.map(({ ownerId, ownerFirstName, ownerLastName, ownerEmail, contactId, contactFirstName, contactLastName, contactEmail, visitDealId, onMyWayAt, etaMinutes, startedAt, doneAt, ...deal }) => ({
    ...deal,
    visit: visitDealId ? { onMyWayAt, etaMinutes, startedAt, doneAt } : null,
    owner: ownerId ? { id: ownerId, firstName: ownerFirstName, lastName: ownerLastName, email: ownerEmail } : null,
    contact: contactId ? { id: contactId, firstName: contactFirstName, lastName: contactLastName, email: contactEmail ?? '' } : null,
  }));
}
