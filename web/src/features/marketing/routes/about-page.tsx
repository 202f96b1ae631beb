import { Page } from '../../../components/page';

export function AboutPage() {
  return (
    <Page
      title="About"
      heading="About Us"
      lead="A local cleaning company serving homes and offices across the Atlanta metro since 2025."
    />
  );
}
