import { z } from 'zod';

/**
 * The home profile (docs/home-profile.md): how to get in, parking, pets and what to take care
 * of, as plain text the customer keeps in the portal; and entry secrets (door, alarm, lockbox
 * codes), which the api seals at rest and shows only to the cleaner of the day or to an admin
 * who gives a reason. One place for the payloads, their limits and the words people read.
 */

export const HOME_SECTION_TITLE = 'Home profile';
export const HOME_VIEWS_TITLE = 'Who saw your codes';
export const HOME_PROFILE_SAVED = 'Home profile saved.';
export const HOME_SECRET_SAVED = 'Code saved. It is sealed: nobody can read it back here, not even you.';
export const HOME_SECRET_REMOVED = 'Code removed.';
export const HOME_NO_VIEWS = 'Nobody has seen your codes yet.';
/** How an admin's view is named to the customer (a cleaner's is their first name). */
export const HOME_VIEW_BY_OFFICE = 'Office (admin)';
export const HOME_SECRET_NOT_FOUND = 'We could not find that code.';
export const REVEAL_REASON_LABEL = 'Reason for revealing';

export const HOME_TEXT_MAX = 2000;
export const SECRET_LABEL_MAX = 60;
export const SECRET_VALUE_MAX = 200;
export const REVEAL_REASON_MIN = 10;
export const REVEAL_REASON_MAX = 500;
/** Codes a home may have at most: enough for doors, gates, alarms and lockboxes. */
export const HOME_SECRETS_MAX = 10;

export const HOME_SECRET_KINDS = ['door', 'alarm', 'lockbox', 'other'] as const;
export type HomeSecretKind = (typeof HOME_SECRET_KINDS)[number];
export const HOME_SECRET_KIND_LABELS: Record<HomeSecretKind, string> = {
  door: 'Door code',
  alarm: 'Alarm code',
  lockbox: 'Lockbox code',
  other: 'Other code',
};

/** The plain fields: their labels in the portal and on the staff page, in this order. */
export const HOME_FIELDS = [
  { key: 'accessInstructions', label: 'How to get in' },
  { key: 'parking', label: 'Parking' },
  { key: 'pets', label: 'Pets' },
  { key: 'careNotes', label: 'Things to take care of' },
] as const;
export type HomeFieldKey = (typeof HOME_FIELDS)[number]['key'];

const tooLong = (label: string, max: number) => `${label}: please keep it to ${max} characters.`;

/**
 * Optional plain text: trimmed, empty is "nothing said" (null). Null is taken too: the portal's
 * form sends what this schema made of the typed words, an empty field as null.
 */
function homeText(label: string) {
  return z
    .string({ error: `${label}: please enter text.` })
    .trim()
    .max(HOME_TEXT_MAX, { error: tooLong(label, HOME_TEXT_MAX) })
    .nullable()
    .transform((value) => (value === '' ? null : value));
}

/** PUT /api/portal/home-profile: every plain field (an empty one clears it). Strict on the server. */
export const homeProfileSchema = z.strictObject({
  accessInstructions: homeText('How to get in'),
  parking: homeText('Parking'),
  pets: homeText('Pets'),
  careNotes: homeText('Things to take care of'),
});
export type HomeProfileInput = z.input<typeof homeProfileSchema>;
export type HomeProfileFields = z.output<typeof homeProfileSchema>;

export const SECRET_KIND_REQUIRED = 'Please choose what kind of code this is.';
export const SECRET_LABEL_REQUIRED = 'Please name the code, e.g. "Back door" or "Alarm panel in the garage".';
export const SECRET_VALUE_REQUIRED = 'Please enter the code.';

/**
 * POST /api/portal/home-profile/secrets (add) and PUT …/secrets/:id (replace): the value is
 * always sent whole, as replacing a code means typing the new one; it never comes back.
 */
export const homeSecretSchema = z.strictObject({
  kind: z.enum(HOME_SECRET_KINDS, { error: SECRET_KIND_REQUIRED }),
  label: z
    .string({ error: SECRET_LABEL_REQUIRED })
    .trim()
    .min(1, { error: SECRET_LABEL_REQUIRED })
    .max(SECRET_LABEL_MAX, { error: tooLong('Name', SECRET_LABEL_MAX) }),
  // Not trimmed inside: a code is exactly what was typed, but blanks around it are a slip.
  value: z
    .string({ error: SECRET_VALUE_REQUIRED })
    .trim()
    .min(1, { error: SECRET_VALUE_REQUIRED })
    .max(SECRET_VALUE_MAX, { error: tooLong('Code', SECRET_VALUE_MAX) }),
});
export type HomeSecretInput = z.input<typeof homeSecretSchema>;
export type HomeSecretFields = z.output<typeof homeSecretSchema>;

export const REVEAL_REASON_REQUIRED = `Please say why you need the code (at least ${REVEAL_REASON_MIN} characters).`;

/** POST /api/internal/admin/customers/:id/home-profile/secrets/:secretId/reveal: an admin's recorded reason. */
export const revealReasonSchema = z.strictObject({
  reason: z
    .string({ error: REVEAL_REASON_REQUIRED })
    .trim()
    .min(REVEAL_REASON_MIN, { error: REVEAL_REASON_REQUIRED })
    .max(REVEAL_REASON_MAX, { error: tooLong('Reason', REVEAL_REASON_MAX) }),
});
export type RevealReasonInput = z.input<typeof revealReasonSchema>;

/*
 * Answers. Not strict (an added field must not break a page). A secret's answer has no value
 * field at all: the only answer that carries one is an admin's reveal.
 */

export const homeSecretSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(HOME_SECRET_KINDS),
  label: z.string(),
  /** Always true for a listed secret: the page says "set", never what. */
  set: z.literal(true),
  updatedAt: z.string(),
});
export type HomeSecretSummary = z.output<typeof homeSecretSummarySchema>;

export const HOME_VIEWER_ROLES = ['cleaner', 'admin'] as const;
export type HomeViewerRole = (typeof HOME_VIEWER_ROLES)[number];

export const homeSecretViewSchema = z.object({
  id: z.string(),
  /** The code's name when it was seen (the code may have been removed since). */
  secretLabel: z.string(),
  /** "Office (admin)" or the cleaner's first name. */
  who: z.string(),
  role: z.enum(HOME_VIEWER_ROLES),
  /** The admin's reason; null for a cleaner's view on the day. */
  reason: z.string().nullable(),
  at: z.string(),
});
export type HomeSecretView = z.output<typeof homeSecretViewSchema>;

export const homeProfileAnswerSchema = z.object({
  profile: z.object({
    accessInstructions: z.string().nullable(),
    parking: z.string().nullable(),
    pets: z.string().nullable(),
    careNotes: z.string().nullable(),
    updatedAt: z.string().nullable(),
  }),
  secrets: z.array(homeSecretSummarySchema),
  views: z.array(homeSecretViewSchema),
});
export type HomeProfileAnswer = z.output<typeof homeProfileAnswerSchema>;

/** The staff page's answer: the same, plus whether this staff member may reveal (admins). */
export const staffHomeProfileAnswerSchema = homeProfileAnswerSchema.extend({ canReveal: z.boolean() });
export type StaffHomeProfileAnswer = z.output<typeof staffHomeProfileAnswerSchema>;

export const revealAnswerSchema = z.object({ value: z.string(), label: z.string(), kind: z.enum(HOME_SECRET_KINDS) });
export type RevealAnswer = z.output<typeof revealAnswerSchema>;

/** The first name a cleaner's view shows the customer ("Your cleaner" when HubSpot has none). */
export function viewerName(role: HomeViewerRole, firstName: string | null): string {
  if (role === 'admin') return HOME_VIEW_BY_OFFICE;
  return firstName?.trim() || 'Your cleaner';
}
