import company, { openingHours, phoneDisplay } from 'virtual:company';

/**
 * The company's identity (name, phone, address, statements, reviews) as configured when the site
 * was built: see runtime/src/company.ts for where it comes from.
 */
export const COMPANY = company;

/** When people can call: 'Monday to Saturday, 8 AM to 6 PM' (worded at build time, shared/src/company.ts). */
export const OPENING_HOURS = openingHours;

/** The company's phone as people read it: '(404) 555-0100' (formatted at build time, shared/src/phone.ts). */
export const PHONE_DISPLAY = phoneDisplay;
