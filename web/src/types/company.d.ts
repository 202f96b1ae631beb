// The module web/vite-plugin-company.ts generates from the company configuration.
declare module 'virtual:company' {
  import type { Company } from '@app/shared/company';

  const company: Company;
  export default company;
  /** When people can call, worded: 'Monday to Saturday, 8 AM to 6 PM'. */
  export const openingHours: string;
  /** The phone as people read it: '(404) 555-0100'. */
  export const phoneDisplay: string;
}
