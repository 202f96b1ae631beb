import { Page } from '../../../components/page';

export function CustomerLookupPage() {
  return <Page title="Customer Lookup" heading="Customer Lookup" />;
}
