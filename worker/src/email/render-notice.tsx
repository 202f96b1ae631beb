import { render } from '@react-email/render';
import { NoticeEmail, emailSubject, type EmailNotice } from './templates/notices';
import type { EmailCompany } from './templates/layout';

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

/** A notice's e-mail, HTML and plain text, from its template (templates/notices.tsx). */
export async function renderNoticeEmail(notice: EmailNotice, company: EmailCompany): Promise<RenderedEmail> {
  const element = <NoticeEmail notice={notice} company={company} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: emailSubject(notice, company), html, text };
}
