import { PACKAGE_MAX_DURATION_MS } from '@app/shared/constants';
import type { ServiceFamily } from '@app/shared/services';

const HOUR_MS = 3_600_000;
const hours = (ms: number) => `Up to ${ms / HOUR_MS} hours`;

/** What each bookable service includes: the pricing cards list it, and the booking form follows the chosen service with it. */
export const SERVICE_FEATURES: Readonly<Record<ServiceFamily, readonly string[]>> = {
  'Basic Clean': [
    'Dusting of reachable surfaces and furniture',
    'Kitchen counters, sink and appliance fronts',
    'Bathrooms cleaned and sanitized',
    'Floors vacuumed and mopped',
    'Trash emptied',
    hours(PACKAGE_MAX_DURATION_MS.basic),
  ],
  'Deep Clean': [
    'Everything in the Basic Clean',
    'Baseboards, doors and door frames',
    'Showers, tubs and tile scrubbed',
    'Light fixtures and ceiling fans dusted',
    'Cabinet fronts wiped down',
    hours(PACKAGE_MAX_DURATION_MS.deep),
  ],
  'Recurring Clean': ['Weekly, bi-weekly or monthly visits', 'Basic or deep clean on each visit', 'The same checklist every visit', 'Priced per visit'],
  'Full Move Service': [
    'Empty-home clean, top to bottom',
    'Inside cabinets, drawers and closets',
    'Baseboards, doors and trim',
    'Kitchen and bathrooms deep cleaned',
    'For move-ins and move-outs',
  ],
};

export const featuresOf = (family: ServiceFamily): readonly string[] => SERVICE_FEATURES[family];
