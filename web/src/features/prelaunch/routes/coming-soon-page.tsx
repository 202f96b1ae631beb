import { COMING_SOON } from '@app/shared/texts';
import { Page } from '../../../components/page';

export function ComingSoonPage() {
  return (
    <Page
      title={COMING_SOON}
      heading={COMING_SOON}
      lead="Check whether we serve your zip code and we'll let you know when we launch."
    />
  );
}
