import { Page } from '../../../components/page';

export function CareersPage() {
  return <Page title="Careers" heading="Careers" lead="We're hiring soon. Open positions will be listed here." />;
}
