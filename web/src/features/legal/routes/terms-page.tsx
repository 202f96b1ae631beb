import { Page } from '../../../components/page';

export function TermsPage() {
  return <Page title="Terms" heading="Terms and Conditions" />;
}
