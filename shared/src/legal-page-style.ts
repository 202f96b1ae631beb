/**
 * The one inline style block of the site: /legal/<slug>.html stands alone (opened directly,
 * printed or saved) without the app's bundle. One readable column; system fonts; colours pass
 * WCAG AA contrast on white. The Content-Security-Policy allows exactly this text by its hash
 * (api/src/middleware/security-headers.ts), so it lives here, shared by the page and the policy.
 */
const PAGE_CSS = [
  '*,*::before,*::after{box-sizing:border-box}',
  'html{-webkit-text-size-adjust:100%;text-size-adjust:100%}',
  'body{margin:0;background:#fff;color:#1d2a30;font:1rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  'main{max-width:44rem;margin:0 auto;padding:2rem 1.25rem 3rem}',
  'h1{margin:0 0 .25rem;font-size:1.75rem;line-height:1.25;color:#0f5e6e}',
  'h2{margin:2rem 0 .5rem;font-size:1.2rem;line-height:1.3;color:#0f5e6e}',
  'p,ul{margin:0 0 1rem}',
  'ul{padding-left:1.25rem}',
  'li{margin:0 0 .35rem}',
  '.effective-date{margin-bottom:1.5rem;color:#4a5a61;font-size:.95rem}',
  '@media (min-width:48rem){main{padding-top:3rem}h1{font-size:2rem}}',
  '@media print{body{color:#000}h1,h2{color:#000}main{max-width:none;padding:0}}',
].join('\n');

/** The text between <style> and </style>, exactly as the page carries it (its hash must match). */
export const LEGAL_PAGE_STYLE = `\n${PAGE_CSS}\n`;
