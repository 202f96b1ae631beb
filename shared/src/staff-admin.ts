import { z } from 'zod';
import { emailField, requiredText, usPhoneInputField } from './form-fields';
import { TEAM_MEMBER_KINDS } from './team-member';
import { careerListingSchema } from './career-listing';

/**
 * Payloads of the staff tools (customer lookup, pre-invites, session manager, cleaner roster,
 * careers). Strict on the server; our wording for the messages (docs/product.md quotes none).
 */

export const INVITE_WHO_REQUIRED = 'Choose a customer, or enter an e-mail and a phone number.';
export const INVITE_PHONE_MISMATCH = 'This e-mail belongs to a customer with another phone number. Invite that customer from the lookup instead.';
export const INVITE_NO_PHONE = 'This customer has no phone number on file, so no invitation can be texted.';
export const SEARCH_TOO_SHORT = 'Type at least 2 characters to search.';
/** Shown once an invitation is stored: the text itself goes out through the outbox (worker, Twilio). */
export const INVITE_QUEUED = 'Invitation queued: the text message with the portal sign-in link is on its way.';
/** Shown once an assignment is stored in our mirror; the worker then pushes it to HubSpot. */
export const OWNER_ASSIGNMENT_QUEUED = 'Saved. The assignment is being pushed to HubSpot.';
/** An assignment to a cleaner whose HubSpot user was deactivated (archived owner): refused, nothing saved. */
export const OWNER_INACTIVE = 'This cleaner is no longer active in HubSpot. Choose another cleaner.';
export const CAREER_STATUSES = ['Open', 'Closed'] as const;
export const CAREER_ICONS = ['Truck', 'default'] as const;

const optionalName = z.string().trim().max(100).optional();

/** POST /api/internal/admin/invites: an existing contact (from the lookup), or a new person by e-mail and phone. */
export const inviteSchema = z
  .strictObject({
    contactId: z.string().trim().min(1).max(64).optional(),
    email: emailField.optional(),
    phone: usPhoneInputField.optional(),
    firstName: optionalName,
    lastName: optionalName,
  })
  .superRefine((value, ctx) => {
    if (value.contactId) return;
    if (!value.email) ctx.addIssue({ code: 'custom', path: ['email'], message: INVITE_WHO_REQUIRED });
    else if (!value.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: INVITE_WHO_REQUIRED });
  });
export type InviteInput = z.output<typeof inviteSchema>;

/** GET /api/internal/admin/customers?q= : part of a name, an e-mail or a phone number. */
export const customerSearchSchema = z.strictObject({
  q: z.string({ error: SEARCH_TOO_SHORT }).trim().min(2, { error: SEARCH_TOO_SHORT }).max(100, { error: SEARCH_TOO_SHORT }),
});

/** POST /api/internal/admin/deals/:id/owner: a cleaner (owner id from the roster), or null to unassign. */
export const assignOwnerSchema = z.strictObject({ ownerId: z.string().trim().min(1).max(64).nullable() });
export type AssignOwnerInput = z.output<typeof assignOwnerSchema>;

const careerFields = {
  title: requiredText('Please enter a title.', 120),
  description: requiredText('Please enter a description.', 4000),
  location: requiredText('Please enter a location.', 120),
  type: requiredText('Please enter the employment type.', 60),
  status: z.enum(CAREER_STATUSES),
  icon: z.enum(CAREER_ICONS),
};

/** POST /api/internal/admin/careers: a new listing (open, default icon unless said otherwise). */
export const careerCreateSchema = z.strictObject({
  ...careerFields,
  status: careerFields.status.default('Open'),
  icon: careerFields.icon.default('default'),
  sortOrder: z.number().int().min(-1000).max(1000).default(0),
});
export type CareerCreateInput = z.output<typeof careerCreateSchema>;

/** PUT /api/internal/admin/careers/:id: any fields to change; `status: 'Closed'` closes the listing. */
export const careerUpdateSchema = z
  .strictObject({
    title: careerFields.title.optional(),
    description: careerFields.description.optional(),
    location: careerFields.location.optional(),
    type: careerFields.type.optional(),
    status: careerFields.status.optional(),
    icon: careerFields.icon.optional(),
    sortOrder: z.number().int().min(-1000).max(1000).optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Send at least one field to change.' });
export type CareerUpdateInput = z.output<typeof careerUpdateSchema>;

const teamFields = {
  name: requiredText('Please enter a name.', 100),
  role: requiredText('Please enter a role.', 100),
  bio: requiredText('Please enter a short bio.', 1000),
  kind: z.enum(TEAM_MEMBER_KINDS, { error: 'Please choose a kind.' }),
  enabled: z.boolean(),
  sortOrder: z.number().int().min(-1000).max(1000),
};

/** POST /api/internal/admin/team: a new member (shown on the Team page unless `enabled: false`). */
export const teamMemberCreateSchema = z.strictObject({
  ...teamFields,
  enabled: teamFields.enabled.default(true),
  sortOrder: teamFields.sortOrder.default(0),
});
export type TeamMemberCreateInput = z.output<typeof teamMemberCreateSchema>;

/** PUT /api/internal/admin/team/:id: any fields to change; `enabled: false` hides the member. */
export const teamMemberUpdateSchema = z
  .strictObject({
    name: teamFields.name.optional(),
    role: teamFields.role.optional(),
    bio: teamFields.bio.optional(),
    kind: teamFields.kind.optional(),
    enabled: teamFields.enabled.optional(),
    sortOrder: teamFields.sortOrder.optional(),
  })
  .refine((value) => Object.keys(value).length > 0, { message: 'Send at least one field to change.' });
export type TeamMemberUpdateInput = z.output<typeof teamMemberUpdateSchema>;


/*
 * Answers of the staff tools. Not strict (an added field must not break a page); the api's
 * services return the input types, so the type checker ties both sides to one shape.
 */

/** GET /api/internal/admin/customers?q= : one customer found (also the invite's answer). */
export const customerSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullish(),
  hubspotId: z.string().nullish(),
  invitedAt: z.string().nullish(),
  portalEligible: z.boolean().default(false),
  suspended: z.boolean().default(false),
});
export type CustomerSummary = z.output<typeof customerSummarySchema>;
export const customerSummariesSchema = z.array(customerSummarySchema);

/** POST /api/internal/admin/invites → 201 with the customer let into the portal. */
export const inviteAnswerSchema = z.object({
  success: z.literal(true),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullish() }),
});
export type InvitedCustomer = z.output<typeof inviteAnswerSchema>['customer'];

/** GET /api/internal/admin/sessions: the customers signed in to the portal right now. */
export const customerSessionSchema = z.object({
  /** The session's public id (never the cookie value). */
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullish() }).nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string().nullish(),
  userAgent: z.string().nullish(),
});
export type CustomerSession = z.output<typeof customerSessionSchema>;
export const customerSessionsSchema = z.array(customerSessionSchema);

/** GET /api/internal/admin/owners: the cleaners (HubSpot owners) from the mirror. */
export const ownerSchema = z.object({
  /** Our id, the one an assignment sends. */
  id: z.string(),
  hubspotId: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  active: z.boolean().default(true),
  /** The roster setting: a staff sign-in with this e-mail gets the cleaner role (shared/src/cleaner-day.ts). */
  isCleaner: z.boolean().default(false),
});
export type Owner = z.output<typeof ownerSchema>;
export const ownersSchema = z.array(ownerSchema);

/** POST /api/internal/admin/owners/:id/cleaner: marks an owner as a cleaner, or not. */
export const ownerCleanerSchema = z.strictObject({ isCleaner: z.boolean() });
export type OwnerCleanerInput = z.output<typeof ownerCleanerSchema>;

/** GET /api/internal/admin/careers (and each save's answer): a listing with its id and order. */
export const managedCareerSchema = careerListingSchema.extend({
  id: z.string(),
  sortOrder: z.number().default(0),
  updatedAt: z.string().nullish(),
});
export type ManagedCareer = z.output<typeof managedCareerSchema>;
export const managedCareersSchema = z.array(managedCareerSchema);

/** GET /api/internal/admin/team (and each save's answer): a member, shown or hidden, with its id. */
export const managedTeamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.string(),
  bio: z.string(),
  kind: z.enum(TEAM_MEMBER_KINDS),
  enabled: z.boolean(),
  sortOrder: z.number().default(0),
  updatedAt: z.string().nullish(),
});
export type ManagedTeamMember = z.output<typeof managedTeamMemberSchema>;
export const managedTeamSchema = z.array(managedTeamMemberSchema);
