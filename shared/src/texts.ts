/**
 * Every user-facing text docs/product.md names, in one place (docs/product.md §2, §4, §5, §8).
 *
 * Texts quoted by docs/product.md are copied byte for byte: straight apostrophes (')
 * and the em dash (U+2014). Tests assert each one literally, so a typo here fails a test.
 * Texts docs/product.md only describes are marked "our wording".
 */

// ── Zip checker (§5) ────────────────────────────────────────────────────────────
export * from './frame-texts';
export * from './marketing-texts';

export const ZIP_FORMAT_ERROR = 'Please enter a valid 5-digit zip code.';
export const ZIP_SERVED = 'Yes! We service your area.';
export const ZIP_NOT_SERVED = 'Not yet — but we\'re always expanding!';

// ── Public booking form (§2, §5) ────────────────────────────────────────────────
export const BOOKING_MISSING_SERVICE_TITLE = 'Oops! Missing Service';
export const BOOKING_TITLE = 'Schedule Your Cleaning';
export const INVALID_SQUARE_FOOTAGE = 'Invalid square footage selected';
export const BOOKING_OUT_OF_AREA_WARNING =
  'We\'re not yet in your area — but you can still submit this request and we\'ll reach out as soon as we expand!';
/** The consent alert exactly as docs/product.md §5 phrases it (the placeholder is the legal name). */
export const CONSENT_REQUIRED_SPEC_PHRASING =
  'You must consent to allowing the company (by its legal name) to contact you before submitting.';
/** The consent alert with the company's legal name where docs/product.md §5 says "the company (by its legal name)". */
export function consentRequiredMessage(legalName: string): string {
  return `You must consent to allowing ${legalName} to contact you before submitting.`;
}
export const BOOKING_CONFIRMATION_TITLE = 'Your request is locked in';
/** Our wording for the §1/§2 promise shown on the confirmation page. */
export const CONTACT_PROMISE = 'We\'ll contact you within 24 hours.';
// The booking confirmation beyond §2's heading, reference and promise (our wording).
export const CONFIRMATION_REFERENCE_LABEL = 'Your reference';
export const CONFIRMATION_NEXT_STEPS_HEADING = 'What happens next';
export const CONFIRMATION_SUMMARY_HEADING = 'What you asked for';
export const CONFIRMATION_NOTHING_CHARGED = 'Nothing is charged now. After your cleaning you get an invoice that you can pay online.';
export const CONFIRMATION_PRICE_AT_ASSESSMENT = 'The assessment confirms the price before any work begins.';
export const CONFIRMATION_QUOTE_AT_ASSESSMENT = 'Homes over 2,000 sq ft are priced at the assessment, before any work begins.';
export const CONFIRMATION_PORTAL = 'Follow your request in the customer portal: sign in with the e-mail and phone number you gave us.';
export const CONFIRMATION_PORTAL_LINK = 'Go to the customer portal';
export const CONFIRMATION_UNKNOWN_TITLE = "We can't find that request";
export const CONFIRMATION_UNKNOWN =
  "This link doesn't match any request we have. Check that you opened the whole link, or contact us and we'll look it up.";
export const CONFIRMATION_CHECKING = 'Looking up your request…';
export const CONFIRMATION_LOAD_FAILED = "We couldn't load your request just now. We'll keep trying.";
/**
 * The first next step: how we get in touch, as the request asked. "Text message" with the text
 * box unticked (`textsAgreed` false) gets no texts, so the office calls or e-mails instead.
 */
export function confirmationContactStep(contactMethod: string | null, assessment: string | null, textsAgreed: boolean | null = null): string {
  const texts = contactMethod === 'text' ? (textsAgreed === false ? "We'll call or e-mail you" : "We'll text you") : null;
  const how = contactMethod === 'phone' ? "We'll call you" : texts ?? (contactMethod === 'email' ? "We'll e-mail you" : "We'll contact you");
  const kind = assessment === 'in-person' ? 'in-person ' : assessment === 'virtual' ? 'virtual ' : '';
  return `${how} within 24 hours to confirm the day and time, and to book your free 15-minute ${kind}assessment.`;
}
export const BOOKING_SUBMIT_FAILED = 'Something went wrong with your submission.';
export const BOOKING_NETWORK_FAILED = 'A network or server error occurred.';

// ── Payment success (§2) ────────────────────────────────────────────────────────
export const PAYMENT_SUCCESS_TITLE = 'Payment Successful';
export const VIEW_MY_CLEANINGS = 'View My Cleanings';

// ── Customer login (§2, §8) ─────────────────────────────────────────────────────
export const LOGIN_SEND_CODE = 'Send Login Code';
export const LOGIN_SENDING_CODE = 'Sending code...';
export const LOGIN_SUBMIT = 'Log In';
export const LOGIN_VERIFYING = 'Verifying...';
export const LOGIN_BACK = 'Back to email/phone';
export const LOGIN_EMAIL_LABEL = 'Email';
export const LOGIN_PHONE_LABEL = 'Phone Number';
export const LOGIN_CODE_LABEL = 'Verification Code';
/** Our wording: §2 says the placeholder "says 6-digit code". */
export const LOGIN_CODE_PLACEHOLDER = '6-digit code';
/** Our wording for the §2 note that only US numbers (+1) are supported. */
export const LOGIN_US_ONLY_NOTE = 'Only US phone numbers (+1) are supported.';
/** Our wording for the §2 one-time text message statement. */
export const LOGIN_SMS_CONSENT =
  'By continuing, you agree to receive a one-time text message for verification. Standard messaging rates may apply.';
export const LOGIN_REQUEST_CODE_FAILED = 'Something went wrong.';
export const LOGIN_VERIFY_FAILED = 'Verification failed.';
// Server answers of the login steps (our wording). §8: the page shows the error field, and a
// message containing 'suspended' or 'not yet eligible' in the warning style.
export const LOGIN_NOT_ELIGIBLE =
  'This account is not yet eligible for the customer portal. Request a cleaning first, then sign in with the same email and phone number you used.';
export const LOGIN_SUSPENDED = 'Portal access for this account has been suspended. Please contact us to restore it.';
/** The phone replied STOP: no code can be texted until it replies START (to `number`, our sending number, when known). */
export const loginSmsOptedOut = (number: string | null) =>
  `This phone number has turned off our text messages (it replied STOP), so we cannot text it a login code. To turn them back on, ${
    number ? `text START to ${number}` : 'reply START to any text you had from us'
  }, then request a new code.`;
export const LOGIN_CODE_SENT = 'We texted you a 6-digit login code. It expires in 10 minutes.';
export const LOGIN_CODE_WRONG = 'That code is not correct. Please check the text message and try again.';
export const LOGIN_CODE_EXPIRED = 'That code has expired or was already used. Please request a new code.';
export const LOGIN_CODE_TOO_MANY_ATTEMPTS = 'Too many incorrect codes. Please request a new code.';
/** Step 2, when Twilio reports that the text with the code could not be delivered (our wording). */
export const LOGIN_CODE_NOT_DELIVERED =
  "We couldn't deliver the code to that phone number. Please check the number and try again.";
// Step 2 of the login, about the code just sent (our wording).
export const LOGIN_RESEND = 'Resend code';
export const LOGIN_RESENDING = 'Sending...';
export const LOGIN_CODE_RESENT = 'A new code is on its way. Only the newest code works.';
export const loginCodeSentTo = (lastFour: string) => `Sent to the phone number ending in ${lastFour}.`;
export const loginCodeWorksUntil = (time: string) => `The code works until ${time}.`;
export const loginResendIn = (seconds: number) => `Resend code in ${seconds} s`;
/** The text message carrying a login code (our wording). */
export function loginCodeSms(brandName: string, code: string, minutes: number): string {
  return `${code} is your ${brandName} login code. It expires in ${minutes} minutes. Never share it with anyone.`;
}

/** The text message of a staff pre-invite to the customer portal (our wording). */
export function portalInviteSms(brandName: string, loginUrl: string): string {
  return `You're invited to the ${brandName} customer portal. Sign in with your e-mail and this phone number at ${loginUrl}`;
}

// ── Portal (§2, §4) ─────────────────────────────────────────────────────────────
export const SIGNED_OUT_BANNER = 'You\'ve been signed out successfully.';
export const ACCOUNT_ID_LABEL = 'Account ID';
export const NOT_CONFIRMED = 'Not confirmed';
export const UNKNOWN_STAGE = 'Unknown Stage';
export const COMPLETED = 'Completed';
export const CHANGE_BUTTON = 'Change';
export const CANCEL_BUTTON = 'Cancel';
/** "Recently modified (category)" of §4, with the closed ticket's category. */
export function recentlyModifiedMessage(category: string): string {
  return `Recently modified (${category})`;
}
/** Our wording: §4 only says the text says a reschedule request is in progress. */
export const RESCHEDULE_IN_PROGRESS = 'A reschedule request is in progress.';
/** Our wording: §4 only says the text says a cancellation request is in progress. */
export const CANCELLATION_IN_PROGRESS = 'A cancellation request is in progress.';
export const CHANGE_LOCKED_24H = 'Changes or cancellations are not available within 24hrs of cleaning date.';
/**
 * Our wording: the cleaning's time has come and gone but the office has not closed it out yet
 * (still Cleaning Scheduled, say): the 24-hour lock as the customer means it, past the cleaning too.
 */
export const CLEANING_TIME_PASSED = "This cleaning's time has passed.";
/** Our wording: manageBooking's refusal (409 cleaning_passed) of a change or cancellation of a passed cleaning. */
export const CLEANING_PASSED_REFUSED = "This cleaning's time has passed, so it can no longer be changed or canceled.";
/** Our wording: what follows a passed cleaning, under CLEANING_TIME_PASSED. */
export const CLEANING_TIME_PASSED_NEXT = 'Our office closes it out; if something is not right, contact us.';
export const INVOICE_PAID = 'Paid/Settled';
export const INVOICE_OPEN = 'Not Paid';
export const INVOICE_VOIDED = 'Voided';
export const REQUEST_SUBMITTED = 'Request Submitted';
/** Our wording: a second request while one is active on the same booking. */
export const MANAGE_REQUEST_ALREADY_ACTIVE = 'A change or cancellation request is already in progress for this booking.';
// ── Portal re-clean claim (beyond §4: shared/reclean-claim.ts), our wording ──────────
export const RECLEAN_BUTTON = 'Something was missed';
export const RECLEAN_MISSED_LABEL = 'What was missed?';
export const RECLEAN_MISSED_REQUIRED = 'Please tell us what was missed.';
export const RECLEAN_MISSED_TOO_LONG = 'Please keep what was missed under 1000 characters.';
export const RECLEAN_CLAIM_SUBMITTED = 'Thank you for telling us. We will be in touch to put it right.';
export const RECLEAN_CLAIM_FAILED = "We couldn't send your claim. Please check your connection and try again.";
export const RECLEAN_NOT_DONE = 'You can tell us something was missed once the cleaning is done.';
export const RECLEAN_CLAIM_IN_PROGRESS = 'We have your claim for this cleaning and will be in touch.';
/** A photo sent for a claim the office has answered or closed meanwhile. */
export const RECLEAN_PHOTOS_CLAIM_CLOSED = 'This claim has been answered, so photos can no longer be added to it.';
/** A claim closed in HubSpot without the office's answer (its plain 'Closed' stage). */
export const RECLEAN_CLAIM_CLOSED = 'Your claim for this cleaning is closed.';
/** The guarantee window has passed: the portal no longer takes a claim for the cleaning. */
export function recleanWindowClosedMessage(hours: number): string {
  return `It is more than ${hours} hours since this cleaning, so the satisfaction guarantee no longer covers it here. Please contact us if something is wrong.`;
}
/** The office approved the claim: it comes back, and says when in its note. */
export function recleanApprovedMessage(note: string | null | undefined): string {
  return note ? `We will come back to fix it at no charge: ${note}` : 'We will come back to fix it at no charge.';
}

/** Our wording: the portal's schedule-a-new-clean request was stored. */
export const PORTAL_REQUEST_RECEIVED = 'Your cleaning request was received.';

// ── Contact form (§5, §8) ───────────────────────────────────────────────────────
export const CONTACT_NAME_ERROR = 'Please enter both your first and last name.';
export const PHONE_10_DIGITS_ERROR = 'Please enter a valid 10-digit US phone number.';
export const CONTACT_FAILED = 'Something went wrong. Please try again later.';
export const CONTACT_EXCEPTION = 'There was an error submitting your request.';

// ── Pre-launch notify (§5, §8) ──────────────────────────────────────────────────
export const NOTIFY_ZIP_FORMAT_ERROR = 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.';
export const NOTIFY_ZIP_NOT_SERVED = 'Our mops aren\'t in your area quite yet. Check back later, we\'re always adding more.';
// The out-of-area waitlist (our wording; the pre-launch page of docs/product.md §5 keeps its in-area rule).
export const WAITLIST_TITLE = 'Join the waitlist';
export const WAITLIST_ZIP_SERVED = 'We already clean in this zip code. You can book a cleaning now.';
export const waitlistDone = (zip: string) => `You're on the waitlist for ${zip}. We'll e-mail you as soon as we start cleaning there.`;
/** The pre-launch page's on-the-list state: the zip is one we already serve (§5), so it never says we have not started there. */
export const prelaunchDone = (zip: string) => `Thanks! You're on the list, and we'll e-mail you our news. We already clean in ${zip}: you can book a cleaning any time.`;
export const EMAIL_ERROR = 'Please enter a valid email address.';
export const FIRST_NAME_ERROR = 'Please enter your first name.';
export const INTEREST_ERROR = 'Please select an interest type.';
export const NOTIFY_FAILED = 'Something went wrong while submitting. Please try again later.';

// ── Static pages, admin, shared frame (§2, §8) ──────────────────────────────────
export const POLICY_LOAD_FAILED = 'Failed to load policy content.';
export const ADMIN_ACCESS_DENIED = 'Access denied — your email domain is not allowed.';
/**
 * Staff sign-in refusals by the `error` parameter the api sends /admin/login (only `unauthorized`
 * is the product's, docs/product.md §2 §8; the others are ours, so that a provider outage is not blamed on the domain).
 */
export const STAFF_SIGN_IN_ERRORS = {
  unauthorized: ADMIN_ACCESS_DENIED,
  expired: 'That sign-in took too long or was started in another browser. Please sign in again.',
  failed: 'Sign-in did not complete. Please try again.',
  provider_unavailable: 'The sign-in service did not answer. Please try again in a few minutes.',
  not_configured: 'Staff sign-in is not set up on this site yet. Please ask the administrator.',
  rate_limited: 'Too many sign-in attempts from your network. Please wait a few minutes and try again.',
} as const;
export type StaffSignInError = keyof typeof STAFF_SIGN_IN_ERRORS;
/** Shown on /admin/login after a staff member signed out. */
export const STAFF_SIGNED_OUT = 'You have been signed out.';
export const NOT_FOUND = '404 — Page Not Found.';
export const VIEW_SCHEDULE = 'View Schedule';
/** Calendar entry line prefix (§2): 'Assigned: ' + owner. */
export const CALENDAR_ASSIGNED_PREFIX = 'Assigned: ';
/** Calendar entry title when the deal has no cleaning type (§2). */
export const CALENDAR_DEFAULT_TITLE = 'Cleaning';


// ── Form field messages docs/product.md does not quote (all our wording) ──────────
// Each is the zod issue message for its field, so the API's 400 and the form show the same text.
export const NAME_REQUIRED = 'Please enter your name.';
export const STREET_REQUIRED = 'Please enter your street address.';
export const CITY_REQUIRED = 'Please enter your city.';
export const STATE_ERROR = 'Please enter a 2-letter state code.';
export const ADDRESS_REQUIRED = 'Please enter your address.';
export const SERVICE_REQUIRED = 'Please choose a service.';
export const SERVICE_NOT_OFFERED = 'This service is not offered for your home\'s square footage.';
export const ADD_ON_INVALID = 'Please choose add-ons from the list.';
export const FREQUENCY_REQUIRED = 'Please choose how often you would like a cleaning.';
export const VISIT_TYPE_REQUIRED = 'Please choose a basic or deep visit.';
export const DATE_REQUIRED = 'Please choose a preferred date.';
export function dateTooSoonMessage(days: number): string {
  return `Please choose a date at least ${days} days from today.`;
}
export const TIME_OF_DAY_REQUIRED = 'Please choose a time of day.';
export const CONTACT_METHOD_REQUIRED = 'Please choose how we should contact you.';
export const QUOTE_TYPE_REQUIRED = 'Please choose an in-person or virtual assessment.';
export const ROOM_COUNT_ERROR = 'Please enter a whole number of rooms.';
export const DESCRIPTION_TOO_LONG = 'Please keep the description under 2000 characters.';
export const DESCRIPTION_REQUIRED = 'Please describe how we can help.';
export const PHOTOS_TOO_MANY = 'You can add up to 5 photos.';
export const CONTACT_REASON_REQUIRED = 'Please choose a reason for contacting us.';
export const MANAGE_REASON_REQUIRED = 'Please tell us the reason for your request.';
export const CHANGE_TYPE_REQUIRED = 'Please choose what you would like to change.';
export const MANAGE_ACTION_REQUIRED = 'Please choose to change or cancel the booking.';
export const TICKET_CATEGORY_MISMATCH = 'The request category does not match the chosen action.';
export const BOOKING_ID_REQUIRED = 'Please choose a booking.';
export const CONTACT_ID_REQUIRED = 'Your account could not be identified. Please sign in again.';
export const LOGIN_CODE_REQUIRED = 'Please enter the code we texted you.';
/** A change or cancellation request that did not go through and carried no reason of its own (our wording). */
export const MANAGE_FAILED = "We couldn't send your request. Please check your connection and try again.";

// ── Shared frame wording docs/product.md only describes (§1, §2; our wording) ───

/**
 * Staff note on a HubSpot deal the customer portal holds back (docs/identity.md): the public
 * form gave another phone than the contact's login phone.
 */
export const portalHeldNote = (submittedPhone: string | null, loginPhone: string | null): string =>
  `Not shown in the customer portal: the form gave phone ${submittedPhone ?? '(none)'}, but the contact's phone is ${loginPhone ?? 'not set'}. ` +
  `If this request is the contact's, confirm it in the staff area (customer page), or correct the contact's phone in HubSpot.`;

/** Staff note on a HubSpot deal once staff confirmed it for the customer portal. */
export const portalConfirmedNote = (staffEmail: string, at: Date): string =>
  `Shown in the customer portal: confirmed by ${staffEmail} on ${at.toISOString().slice(0, 10)}.`;

/**
 * Login refused while the account's sign-in is locked after too many wrong codes
 * (docs/login-security.md); `until` as the page shows times, e.g. "Nov 24, 2026, 3:15 PM ET".
 */
export const loginLocked = (until: string): string =>
  `Too many incorrect codes for this account. For your security, sign-in is paused until ${until}. Please try again then, or contact us.`;

/** Login codes refused while the company's hourly or daily text budget is spent (SMS pumping guard). */
export const LOGIN_SMS_BUDGET_SPENT = 'We cannot send login codes right now. Please try again in a little while, or contact us.';

/** A sign-in reached the api over plain HTTP in production: nothing was used up, and the address to use is https. */
export const SIGN_IN_NEEDS_HTTPS = 'Signing in needs a secure (https://) connection. Please open the site with https:// and try again.';

/** A preferred date more than a year ahead (form-fields.ts, MAX_DAYS_AHEAD). */
export const DATE_TOO_FAR = 'Please choose a date within the next 12 months.';

/** A text field with control characters or broken Unicode (a NUL byte, a lone surrogate): refused, naming the field. */
export const TEXT_HAS_INVALID_CHARACTERS = 'This field contains characters we cannot accept. Please remove them and try again.';

/** A JSON body with a key that could reach an object's prototype (__proto__, constructor, prototype). */
export const BODY_KEY_NOT_ALLOWED = 'This request contains a field name that is not allowed.';
