import { z } from 'zod';
import { PORTAL_MIN_DAYS_AHEAD } from './constants';
import { minPortalDate } from './eastern-time';
import {
  type Clock,
  descriptionField,
  emailField,
  nameField,
  preferredDateField,
  requiredText,
  timeOfDayField,
  usPhoneInputField,
} from './form-fields';
import { roomsSchema } from './rooms';
import { ADD_ONS, isAddOnId, servicesForSqft } from './services';
import { ADDRESS_REQUIRED, ADD_ON_INVALID, CONTACT_ID_REQUIRED, INVALID_SQUARE_FOOTAGE, SERVICE_NOT_OFFERED, SERVICE_REQUIRED } from './texts';

/**
 * Portal "schedule a new clean" request (POST /api/hubspot/portal/requestBooking from the
 * portal). Strict on the server. Unlike the public booking, serviceType is a catalogue
 * product id, and it must be one the portal offers for the contact's square footage (§5).
 * The server should still take contactId and email from the session, not trust the body.
 */
export function portalRequestSchema({ now }: { now?: Clock } = {}) {
  return z
    .object({
      contactId: requiredText(CONTACT_ID_REQUIRED, 64),
      name: nameField,
      email: emailField,
      phone: usPhoneInputField,
      /** The contact profile's one-line address. */
      address: requiredText(ADDRESS_REQUIRED, 300),
      /** The contact's own square footage (not a band key). */
      squareFootage: z
        .number({ error: INVALID_SQUARE_FOOTAGE })
        .int({ error: INVALID_SQUARE_FOOTAGE })
        .min(0, { error: INVALID_SQUARE_FOOTAGE })
        .max(100_000, { error: INVALID_SQUARE_FOOTAGE }),
      serviceType: requiredText(SERVICE_REQUIRED, 64),
      addOns: z
        .array(z.string().refine(isAddOnId, { error: ADD_ON_INVALID }), { error: ADD_ON_INVALID })
        .max(ADD_ONS.length, { error: ADD_ON_INVALID })
        .refine((ids) => new Set(ids).size === ids.length, { error: ADD_ON_INVALID })
        .default([]),
      preferredDate: preferredDateField(minPortalDate, PORTAL_MIN_DAYS_AHEAD, now),
      timeOfDay: timeOfDayField,
      rooms: roomsSchema,
      description: descriptionField,
    })
    .strict()
    .refine((r) => servicesForSqft(r.squareFootage).some((p) => p.id === r.serviceType), {
      error: SERVICE_NOT_OFFERED,
      path: ['serviceType'],
      // Check the pair even when other fields failed, so the form shows every problem at
      // once; but only when both fields themselves are valid (one message per field).
      when: ({ value, issues }) => {
        const v = value as { squareFootage?: unknown; serviceType?: unknown } | null;
        const pairFailed = issues.some((i) => i.path?.[0] === 'squareFootage' || i.path?.[0] === 'serviceType');
        return !pairFailed && typeof v?.squareFootage === 'number' && typeof v.serviceType === 'string';
      },
    });
}
export type PortalRequest = z.output<ReturnType<typeof portalRequestSchema>>;
export type PortalRequestInput = z.input<ReturnType<typeof portalRequestSchema>>;
