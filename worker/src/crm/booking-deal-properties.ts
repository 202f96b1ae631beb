import { BOOKING_DEAL_FIELDS, type BookingDealField, type DealField, type HubSpotEncoding, type PushBuiltDealProperty } from '@app/db/booking-fields';
import type { Properties } from './hubspot-gateway';

/** HubSpot wants money in dollars with cents; '' for none. */
export const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** How each declared encoding writes a stored value as a HubSpot property value ('' for none). */
const ENCODE: { [E in Exclude<HubSpotEncoding, 'push'>]: (value: never) => string } = {
  text: (v: string | null) => v ?? '',
  number: (v: number | null) => (v === null ? '' : String(v)),
  day: (v: Date | null) => (v ? v.toISOString().slice(0, 10) : ''),
  list: (v: readonly string[]) => v.join(';'),
  dollars,
};

/** The properties the push builds itself (the declaration marks them `push`): one builder each, or this fails to compile. */
export type BuiltDealProperties = { [P in PushBuiltDealProperty]: string };

/**
 * A booking's deal properties as prisma/booking-fields.ts declares them: each stored field with
 * a HubSpot property, written by its encoding, and the `push` ones as `built` gives them.
 */
export function bookingDealProperties(deal: { [K in BookingDealField]: unknown }, built: BuiltDealProperties): Properties {
  const properties: Properties = { ...built };
  for (const [key, field] of Object.entries(BOOKING_DEAL_FIELDS) as [BookingDealField, DealField][]) {
    if (field.hubspot && field.hubspot.as !== 'push') properties[field.hubspot.property] = (ENCODE[field.hubspot.as] as (value: unknown) => string)(deal[key]);
  }
  return properties;
}
