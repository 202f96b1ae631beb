import { Page } from '../../../components/page';

export function PortalPage() {
  return <Page title="My Cleanings" heading="My Cleanings" lead="Your upcoming and past cleanings and invoices." />;
}
