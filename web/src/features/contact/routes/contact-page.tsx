import { Page } from '../../../components/page';

export function ContactPage() {
  return <Page title="Contact" heading="Contact Us" lead="Questions about a cleaning? Send us a support ticket." />;
}
