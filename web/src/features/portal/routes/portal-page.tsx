import { Page } from '../../../components/page';
import { QueryProvider } from '../../../lib/query-provider';
import { Portal } from '../components/portal';

/** The customer portal (docs/product.md §2, /portal): details, upcoming cleanings, history, and the two modals. */
export function PortalPage() {
  return (
    <Page title="My Cleanings" heading="My Cleanings" lead="Your upcoming and past cleanings and invoices.">
      <QueryProvider>
        <Portal />
      </QueryProvider>
    </Page>
  );
}
