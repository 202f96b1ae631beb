import { COMPANY } from '../../../lib/company';
import { HIRING_SOON } from '@app/shared/texts';
import { Page } from '../../../components/page';
import { QueryProvider } from '../../../lib/query-provider';
import { CareerList } from '../components/career-list';

export function CareersPage() {
  return (
    <Page
      title="Careers"
      description={`Work with ${COMPANY.name}: open cleaning technician and move-out positions across the Atlanta metro, with paid training and supplies provided.`}
      heading="Careers"
      lead={
        <>
          <span className="tag">{HIRING_SOON}</span> Join a small, local team that takes pride in careful work. We
          provide training and supplies.
        </>
      }
    >
      <QueryProvider>
        <CareerList />
      </QueryProvider>
    </Page>
  );
}
