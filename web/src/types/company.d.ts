// The module web/vite-plugin-company.ts generates from the company configuration.
declare module 'virtual:company' {
  import type { Company } from '@app/shared/company';

  const company: Company;
  export default company;
}
