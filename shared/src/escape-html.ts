/**
 * Escapes text for HTML and XML, in element content and in double- or single-quoted attribute
 * values: the build-time pages (policies, pre-rendered heads, the sitemap), the e-mail
 * unsubscribe page and the dev mail inbox all write text this way.
 */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
