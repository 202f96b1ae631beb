import { describe, expect, it } from 'vitest';
import * as t from './texts';

// Every expected string is written out literally, so a typo in texts.ts fails here.
// docs/product.md uses straight apostrophes and the em dash U+2014.
const EM_DASH = '\u2014';

describe('spec texts, word for word', () => {
  it.each([
    [t.ZIP_FORMAT_ERROR, 'Please enter a valid 5-digit zip code.'],
    [t.ZIP_SERVED, 'Yes! We service your area.'],
    [t.ZIP_NOT_SERVED, "Not yet — but we're always expanding!"],
    [t.INVALID_SQUARE_FOOTAGE, 'Invalid square footage selected'],
    [
      t.BOOKING_OUT_OF_AREA_WARNING,
      "We're not yet in your area — but you can still submit this request and we'll reach out as soon as we expand!",
    ],
    [
      t.CONSENT_REQUIRED_SPEC_PHRASING,
      'You must consent to allowing the company (by its legal name) to contact you before submitting.',
    ],
    [t.BOOKING_MISSING_SERVICE_TITLE, 'Oops! Missing Service'],
    [t.BOOKING_TITLE, 'Schedule Your Cleaning'],
    [t.BOOKING_CONFIRMATION_TITLE, 'Your request is locked in'],
    [t.BOOKING_SUBMIT_FAILED, 'Something went wrong with your submission.'],
    [t.BOOKING_NETWORK_FAILED, 'A network or server error occurred.'],
    [t.PAYMENT_SUCCESS_TITLE, 'Payment Successful'],
    [t.VIEW_MY_CLEANINGS, 'View My Cleanings'],
    [t.LOGIN_SEND_CODE, 'Send Login Code'],
    [t.LOGIN_SENDING_CODE, 'Sending code...'],
    [t.LOGIN_SUBMIT, 'Log In'],
    [t.LOGIN_VERIFYING, 'Verifying...'],
    [t.LOGIN_BACK, 'Back to email/phone'],
    [t.LOGIN_EMAIL_LABEL, 'Email'],
    [t.LOGIN_PHONE_LABEL, 'Phone Number'],
    [t.LOGIN_CODE_LABEL, 'Verification Code'],
    [t.LOGIN_REQUEST_CODE_FAILED, 'Something went wrong.'],
    [t.LOGIN_VERIFY_FAILED, 'Verification failed.'],
    [t.LOGIN_CODE_NOT_DELIVERED, "We couldn't deliver the code to that phone number. Please check the number and try again."],
    [t.SIGNED_OUT_BANNER, "You've been signed out successfully."],
    [t.ACCOUNT_ID_LABEL, 'Account ID'],
    [t.NOT_CONFIRMED, 'Not confirmed'],
    [t.UNKNOWN_STAGE, 'Unknown Stage'],
    [t.COMPLETED, 'Completed'],
    [t.CHANGE_LOCKED_24H, 'Changes or cancellations are not available within 24hrs of cleaning date.'],
    [t.INVOICE_PAID, 'Paid/Settled'],
    [t.INVOICE_OPEN, 'Not Paid'],
    [t.INVOICE_VOIDED, 'Voided'],
    [t.REQUEST_SUBMITTED, 'Request Submitted'],
    [t.CONTACT_NAME_ERROR, 'Please enter both your first and last name.'],
    [t.PHONE_10_DIGITS_ERROR, 'Please enter a valid 10-digit US phone number.'],
    [t.CONTACT_FAILED, 'Something went wrong. Please try again later.'],
    [t.CONTACT_EXCEPTION, 'There was an error submitting your request.'],
    [t.NOTIFY_ZIP_FORMAT_ERROR, 'Whoops! Zip code only please — just 5 numbers, no letters or symbols.'],
    [t.NOTIFY_ZIP_NOT_SERVED, "Our mops aren't in your area quite yet. Check back later, we're always adding more."],
    [t.EMAIL_ERROR, 'Please enter a valid email address.'],
    [t.FIRST_NAME_ERROR, 'Please enter your first name.'],
    [t.INTEREST_ERROR, 'Please select an interest type.'],
    [t.NOTIFY_FAILED, 'Something went wrong while submitting. Please try again later.'],
    [t.CONTENT_LOAD_FAILED, 'Failed to load content.'],
    [t.POLICY_LOAD_FAILED, 'Failed to load policy content.'],
    [t.ADMIN_ACCESS_DENIED, 'Access denied — your email domain is not allowed.'],
    [t.NOT_FOUND, '404 — Page Not Found.'],
    [t.HIRING_SOON, 'Hiring Soon!'],
    [t.COOKIE_GOT_IT, 'Got it'],
    [t.GET_STARTED, 'Get Started'],
    [t.SCHEDULE_SERVICE, 'Schedule Service'],
    [t.VIEW_SCHEDULE, 'View Schedule'],
    [t.CHANGE_BUTTON, 'Change'],
    [t.CANCEL_BUTTON, 'Cancel'],
    [t.CALENDAR_ASSIGNED_PREFIX, 'Assigned: '],
    [t.CALENDAR_DEFAULT_TITLE, 'Cleaning'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('uses straight apostrophes and the real em dash, never typographic look-alikes', () => {
    const all = (Object.values(t) as unknown[]).filter((v): v is string => typeof v === 'string');
    for (const text of all) {
      expect(text).not.toMatch(/[\u2018\u2019\u201C\u201D\u2013]/);
    }
    expect(t.ZIP_NOT_SERVED).toContain(EM_DASH);
    expect(t.NOT_FOUND.charCodeAt(4)).toBe(0x2014);
  });

  it('puts the legal name where the spec says "the company (by its legal name)"', () => {
    expect(t.consentRequiredMessage('Sweet Peach Cleaning LLC')).toBe(
      'You must consent to allowing Sweet Peach Cleaning LLC to contact you before submitting.',
    );
    expect(t.consentRequiredMessage('the company (by its legal name)')).toBe(t.CONSENT_REQUIRED_SPEC_PHRASING);
  });

  it("formats 'Recently modified (category)'", () => {
    expect(t.recentlyModifiedMessage('Reschedule Request')).toBe('Recently modified (Reschedule Request)');
    expect(t.recentlyModifiedMessage('Cancellation Request')).toBe('Recently modified (Cancellation Request)');
  });

  it('names the navigation as §2 does', () => {
    expect(t.NAV_LABELS).toEqual({ home: 'Home', about: 'About', contact: 'Contact', pricing: 'Pricing', team: 'Our Team' });
    expect(t.ACCOUNT_MENU_LABELS).toEqual({
      customerLogin: 'Customer Login',
      servicesLogin: 'Services Login',
      home: 'Home',
      adminHome: 'Admin home',
      logout: 'Logout',
    });
    expect(t.MOBILE_MENU_LABELS).toEqual({ manageAccount: 'Manage your account', cleanerSignIn: 'Cleaner sign in' });
    expect(t.FOOTER_LABELS).toEqual({ about: 'About', bookNow: 'Book Now', legal: 'Legal', careers: 'Careers' });
  });

  it('promises the contact the request can get: no texts when "Text message" left the text box unticked', () => {
    expect(t.confirmationContactStep('text', 'virtual', true)).toBe(
      "We'll text you within 24 hours to confirm the day and time, and to book your free 15-minute virtual assessment.",
    );
    expect(t.confirmationContactStep('text', 'in-person', false)).toBe(
      "We'll call or e-mail you within 24 hours to confirm the day and time, and to book your free 15-minute in-person assessment.",
    );
    // A request whose consent is not known keeps what it asked for.
    expect(t.confirmationContactStep('text', null)).toBe("We'll text you within 24 hours to confirm the day and time, and to book your free 15-minute assessment.");
    expect(t.confirmationContactStep('phone', 'virtual', false)).toMatch(/^We'll call you within 24 hours/);
  });

  it('words the date messages with the day count', () => {
    expect(t.dateTooSoonMessage(5)).toBe('Please choose a date at least 5 days from today.');
    expect(t.dateTooSoonMessage(3)).toBe('Please choose a date at least 3 days from today.');
  });
});
