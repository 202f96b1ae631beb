import { Page } from '../../../components/page';

export function TeamPage() {
  return <Page title="Our Team" heading="Our Team" lead="The people who look after your home." />;
}
