import { Page } from '../../../components/page';

export function ComingSoonPage() {
  return (
    <Page
      title="Coming Soon"
      heading="Coming Soon"
      lead="Check whether we serve your zip code and we'll let you know when we launch."
    />
  );
}
