// What the site build needs of the company configuration, loaded through Vite's module runner
// (web/vite-plugin-company.ts): a Vite config cannot import our TypeScript packages itself.
export { loadCompany } from '@app/runtime/company';
export { defaultTitle, openingHoursText } from '@app/shared/company';
export { formatUsPhone } from '@app/shared/phone';
