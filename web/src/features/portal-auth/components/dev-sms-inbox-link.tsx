/**
 * Development only: where the Twilio emulator shows the texts it received, so whoever runs
 * `npm run dev` can read their login code. `import.meta.env.DEV` is false in a production build,
 * which then drops this component's content and the address altogether.
 */
const INBOX_URL: string | null = import.meta.env.DEV
  ? String(import.meta.env.VITE_DEV_SMS_INBOX_URL || 'http://127.0.0.1:4020/')
  : null;

export function DevSmsInboxLink() {
  if (!INBOX_URL) return null;
  return (
    <p className="callout fine-print">
      Development: no real text messages are sent. Read your code in the{' '}
      <a href={INBOX_URL} target="_blank" rel="noreferrer">
        dev SMS inbox
      </a>
      .
    </p>
  );
}
