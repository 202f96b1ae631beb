// The component packages one by one: the umbrella package also loads Tailwind, Markdown and code
// highlighting, seconds of import time for components these e-mails never use.
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/** Who the e-mail is from, as its footer names them (company configuration). */
export interface EmailCompany {
  name: string;
  /** As people write it: (404) 555-0100. */
  phone: string;
  /** '123 Main St, Atlanta, GA 30303'. */
  address: string;
  email: string;
  websiteUrl: string;
}

// Inline styles: mail programs drop most <style> rules. The few class rules below are the dark
// mode overrides, which the programs that support dark mode read from the head.
const COLORS = { text: '#1b1f24', muted: '#57606a', line: '#d0d7de', accent: '#0b5cad', page: '#f6f8fa', card: '#ffffff' } as const;
const DARK_MODE = `
  :root { color-scheme: light dark; supported-color-schemes: light dark; }
  @media (prefers-color-scheme: dark) {
    .page { background-color: #0d1117 !important; }
    /* Body repeats its background on the cell it wraps the message in. */
    .page td { background-color: transparent !important; }
    .card { background-color: #161b22 !important; border-color: #30363d !important; }
    .text, h1 { color: #e6edf3 !important; }
    .muted { color: #8b949e !important; }
    .rule { border-color: #30363d !important; }
    .button { background-color: #58a6ff !important; color: #0d1117 !important; }
    a { color: #58a6ff !important; }
  }
`;

export const styles = {
  text: { color: COLORS.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: COLORS.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 8px' },
  button: { backgroundColor: COLORS.accent, borderRadius: '6px', color: '#ffffff', display: 'inline-block', fontSize: '16px', fontWeight: 600, padding: '12px 20px', textDecoration: 'none' },
  // Underlined: a link inside a sentence must not be told apart by its colour alone (WCAG 1.4.1).
  link: { color: COLORS.accent, textDecoration: 'underline' },
} as const;

/** A phone number kept on one line: "(404) 555-" at a line's end and "0100" on the next cannot be dialled at a glance. */
export function Phone({ number }: { number: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{number}</span>;
}

interface LayoutProps {
  company: EmailCompany;
  /** The line mail programs show after the subject. */
  preview: string;
  heading: string;
  children: ReactNode;
  /** Reminders and rating requests: the page that stops those e-mails. */
  unsubscribeUrl?: string | undefined;
}

/** Every notice's frame: the company's name on top, its address and phone at the foot, one column that fits a 390 px phone. */
export function EmailLayout({ company, preview, heading, children, unsubscribeUrl }: LayoutProps) {
  return (
    <Html lang="en">
      <Head>
        {/* The document's title: what a screen reader announces, and a browser tab shows, when the e-mail opens on its own. */}
        <title>{heading}</title>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body className="page" style={{ backgroundColor: COLORS.page, fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif', margin: 0, padding: '16px 0' }}>
        <Container style={{ maxWidth: '560px', width: '100%', padding: '0 12px' }}>
          <Text className="muted" style={{ ...styles.muted, fontWeight: 600, margin: '0 0 12px' }}>
            {company.name}
          </Text>
          <Section className="card" style={{ backgroundColor: COLORS.card, border: `1px solid ${COLORS.line}`, borderRadius: '8px', padding: '24px 20px' }}>
            <Heading as="h1" style={{ color: COLORS.text, fontSize: '22px', lineHeight: '28px', margin: '0 0 16px' }}>
              {heading}
            </Heading>
            {children}
          </Section>
          <Hr className="rule" style={{ borderColor: COLORS.line, margin: '20px 0 12px' }} />
          <Text className="muted" style={styles.muted}>
            {company.name} · {company.address} · <Phone number={company.phone} />
          </Text>
          <Text className="muted" style={styles.muted}>
            Questions? Reply to this e-mail or call <Phone number={company.phone} />.{' '}
            <Link href={company.websiteUrl} style={styles.link}>
              {company.websiteUrl.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </Link>
          </Text>
          {unsubscribeUrl ? (
            <Text className="muted" style={styles.muted}>
              You get these because you booked with us.{' '}
              <Link href={unsubscribeUrl} style={styles.link}>
                Unsubscribe from reminders and rating requests
              </Link>
              . Confirmations and invoices still come.
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
