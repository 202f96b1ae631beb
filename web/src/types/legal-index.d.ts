// The module web/vite-plugin-legal-pages.ts generates from the policy documents' registry.
declare module 'virtual:legal-index' {
  import type { LegalDocument } from '@app/shared/constants';

  const index: readonly { slug: LegalDocument; title: string; summary: string }[];
  export default index;
}
