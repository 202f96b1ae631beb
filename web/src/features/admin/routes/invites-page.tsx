import { Page } from '../../../components/page';

export function InvitesPage() {
  return <Page title="Pre-Invites" heading="Pre-Invites" />;
}
