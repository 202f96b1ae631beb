import { Page } from '../../../components/page';

export function LegalPage() {
  return <Page title="Legal" heading="Legal" lead="Our policies, last updated June 23, 2025." />;
}
