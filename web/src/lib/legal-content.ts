import type { LegalDocument } from '@app/shared/constants';

/**
 * docs/product.md §2/§7: a policy is a static page at /legal/<slug>.html. The app shows the contents of its
 * <main> (without the page's own h1: the dialog or page around it names the document). The pages
 * are generated at build time from our own documents (vite-plugin-legal-pages.ts), so their
 * markup is trusted.
 */
export async function fetchLegalContent(slug: LegalDocument, signal?: AbortSignal): Promise<string> {
  const response = await fetch(`/legal/${slug}.html`, signal ? { signal } : {});
  if (!response.ok) throw new Error(`GET /legal/${slug}.html answered ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  const main = page.querySelector('main');
  if (!main) throw new Error(`/legal/${slug}.html has no <main>`);
  main.querySelector('h1')?.remove();
  return main.innerHTML;
}
