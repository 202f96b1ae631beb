import { useManagedCareers, type ManagedCareer } from '../api/manage-careers';
import { CareerAdminList } from '../components/career-admin-list';
import { CareerForm } from '../components/career-form';
import { ManagedListEditor, type ManagedListTexts } from '../components/managed-list-editor';
import { ToolPage } from '../components/tool-page';

const TEXTS: ManagedListTexts<ManagedCareer> = {
  id: 'careers',
  listHeading: 'Listings',
  loading: 'Loading the listings…',
  loadError: 'The listings could not be loaded just now. Please try again in a moment.',
  newHeading: 'New listing',
  editHeading: (career) => `Edit “${career.title}”`,
};

// Inside ToolPage: the list is fetched only once the staff guard has let the page through.
function Careers() {
  const careers = useManagedCareers();
  return (
    <ManagedListEditor
      query={careers}
      texts={TEXTS}
      list={(items, actions) => <CareerAdminList careers={items} {...actions} />}
      form={({ key, ...props }) => <CareerForm key={key} {...props} />}
    />
  );
}

/** /admin/careers: create, edit and close the listings the public Careers page shows. */
export function CareersAdminPage() {
  return (
    <ToolPage title="Careers Management" lead="The open positions on the public Careers page: add a listing, edit it, or close it when it is filled.">
      <Careers />
    </ToolPage>
  );
}
