import { CAREER_ICONS, CAREER_STATUSES, careerCreateSchema } from '@app/shared/staff-admin';
import type { z } from 'zod';
import { useManagedCareers, useSaveCareer, type CareerChange, type ManagedCareer } from './manage-careers';
import { ManagedList } from './managed-list';
import type { ManagedListConfig } from './managed-list-config';
import { ToolPage } from '../frame/tool-page';

const ICON_LABELS: Record<(typeof CAREER_ICONS)[number], string> = { Truck: 'Truck', default: 'Default' };
const isOpen = (career: ManagedCareer) => career.status === 'Open';

const CAREERS: ManagedListConfig<ManagedCareer, z.input<typeof careerCreateSchema>, z.output<typeof careerCreateSchema>, CareerChange> = {
  texts: {
    id: 'careers',
    listHeading: 'Listings',
    loading: 'Loading the listings…',
    loadError: 'The listings could not be loaded just now. Please try again in a moment.',
    newHeading: 'New listing',
    editHeading: (career) => `Edit “${career.title}”`,
  },
  useItems: useManagedCareers,
  useSave: useSaveCareer,
  nameOf: (career) => career.title,
  table: {
    caption: 'Listings as the Careers page shows them',
    empty: 'No listings yet. Add the first one below.',
    nameHeader: 'Title',
    rowAttribute: 'data-career',
    rowLabel: (career) => career.title,
    columns: [
      { header: 'Type', cell: (career) => career.type },
      { header: 'Location', cell: (career) => career.location },
      { header: 'Status', cell: (career) => career.status, attribute: 'data-status' },
    ],
    // Close (or Reopen) changes only the status.
    toggle: {
      label: (career) => (isOpen(career) ? 'Close' : 'Reopen'),
      change: (career) => ({ id: career.id, fields: { status: isOpen(career) ? 'Closed' : 'Open' } }),
      done: (saved, career) => (isOpen(career) ? `Closed “${saved.title}”.` : `Reopened “${saved.title}”.`),
    },
  },
  form: {
    schema: careerCreateSchema,
    newValues: { title: '', description: '', location: '', type: '', status: 'Open', icon: 'default' },
    valuesOf: (career) => ({
      title: career.title,
      description: career.description,
      location: career.location,
      type: career.type,
      status: isOpen(career) ? 'Open' : 'Closed',
      icon: career.icon === 'Truck' ? 'Truck' : 'default',
    }),
    fields: [
      { name: 'title', label: 'Title', control: 'text' },
      { name: 'location', label: 'Location', control: 'text' },
      { name: 'type', label: 'Employment type', control: 'text', hint: 'For example Full-time or Part-time.' },
      { name: 'status', label: 'Status', control: 'select', options: CAREER_STATUSES.map((s) => ({ value: s, label: s })) },
      { name: 'icon', label: 'Icon', control: 'select', options: CAREER_ICONS.map((i) => ({ value: i, label: ICON_LABELS[i] })) },
      { name: 'description', label: 'Description', control: 'textarea', rows: 5 },
    ],
    // The order is not on this form: a save leaves it as it is.
    change: ({ sortOrder: _sortOrder, ...fields }, editing) => (editing ? { id: editing.id, fields } : { id: null, fields }),
    addLabel: 'Add listing',
    newLabel: 'New listing',
    done: (saved, editing) => (editing ? `Saved “${saved.title}”.` : `Added “${saved.title}”. It shows on the Careers page.`),
  },
};

/** /admin/careers: create, edit and close the listings the public Careers page shows. */
export function CareersToolPage() {
  return (
    <ToolPage title="Careers Management" lead="The open positions on the public Careers page: add a listing, edit it, or close it when it is filled.">
      {/* Inside ToolPage: the list is fetched only once the staff guard has let the page through. */}
      <ManagedList config={CAREERS} />
    </ToolPage>
  );
}
