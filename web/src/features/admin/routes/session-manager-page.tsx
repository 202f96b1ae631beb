import { Page } from '../../../components/page';

export function SessionManagerPage() {
  return <Page title="Session Manager" heading="Session Manager" />;
}
