import { customerSearchSchema } from '@app/shared/staff-admin';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/form/field';
import { useCustomerSearch, type CustomerSummary } from './search-customers';

function portalState(c: CustomerSummary): string {
  if (c.suspended) return 'Portal access suspended';
  if (c.invitedAt) return 'Invited to the portal';
  return c.portalEligible ? 'Can sign in to the portal' : 'Not invited yet';
}

interface CustomerSearchProps {
  selectedId: string | null;
  onSelect: (customer: CustomerSummary) => void;
}

/** Search by name, e-mail or phone (at least 2 characters, the server's rule), then pick a result. */
export function CustomerSearch({ selectedId, onSelect }: CustomerSearchProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const results = useCustomerSearch(query);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerSearchSchema.safeParse({ q: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setQuery(parsed.data.q);
  };

  return (
    <div>
      <form className="search-row" role="search" noValidate onSubmit={onSubmit}>
        <Field label="Name, e-mail or phone" error={error}>
          {(props) => <input {...props} type="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />}
        </Field>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <div aria-live="polite">
        {query === null ? null : results.isPending ? (
          <p className="page-loading">Searching…</p>
        ) : results.isError ? (
          <p className="alert">The search did not work just now. Please try again.</p>
        ) : results.data.length === 0 ? (
          <p>No customers match “{query}”.</p>
        ) : (
          <>
            <p className="muted">
              {results.data.length === 1 ? '1 customer found.' : `${results.data.length} customers found.`} Choose one to see their details.
            </p>
            <ul className="result-list" aria-label="Customers found">
              {results.data.map((c) => (
                <li key={c.id}>
                  <button type="button" className="result" aria-pressed={c.id === selectedId} onClick={() => onSelect(c)}>
                    <strong>{c.name || c.email}</strong>
                    <span className="result__meta">
                      {c.email}
                      {c.phone ? ` · ${c.phone}` : ''} · {portalState(c)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </div>
  );
}
