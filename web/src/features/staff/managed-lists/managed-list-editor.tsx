import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionStatus } from '../common/action-status';

/** What a staff page that manages a list (careers, team) names in its two sections. */
export interface ManagedListTexts<T> {
  /** Prefix of the section ids, e.g. 'careers'. */
  id: string;
  listHeading: string;
  loading: string;
  loadError: string;
  newHeading: string;
  editHeading(item: T): string;
}

export interface ManagedListEditorProps<T extends { id: string }> {
  query: UseQueryResult<T[]>;
  texts: ManagedListTexts<T>;
  /** The list; `onEdit` opens an item in the form, `onChanged` shows what a row action did. */
  list(items: T[], actions: { onEdit(item: T): void; onChanged(message: string): void }): ReactNode;
  /** The form: `key` must be set on it, so every save and every new edit starts from fresh values. */
  form(props: { key: string; editing: T | null; onDone(message: string): void; onCancel(): void }): ReactNode;
}

/**
 * A staff tool's body for a managed list: the items, then the form that adds one or edits the
 * chosen one, and a status line saying what the last action did.
 */
export function ManagedListEditor<T extends { id: string }>({ query, texts, list, form }: ManagedListEditorProps<T>) {
  const [editing, setEditing] = useState<T | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A new form (fresh values) after each save: the key changes with what is edited and each save.
  const [formKey, setFormKey] = useState(0);
  const formHeading = useRef<HTMLHeadingElement>(null);
  // Edit is pressed in the list above: take keyboard and screen-reader users to the form.
  useEffect(() => {
    if (editing) formHeading.current?.focus();
  }, [editing]);

  const done = (text: string) => {
    setMessage(text);
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const edit = (item: T) => {
    setMessage(null);
    setEditing(item);
  };

  return (
    <>
      <ActionStatus message={message} />
      <section className="tool-section" aria-labelledby={`${texts.id}-list-heading`}>
        <h2 id={`${texts.id}-list-heading`}>{texts.listHeading}</h2>
        {query.isPending ? (
          <p className="page-loading">{texts.loading}</p>
        ) : query.isError ? (
          <p className="alert">{texts.loadError}</p>
        ) : (
          list(query.data, { onEdit: edit, onChanged: setMessage })
        )}
      </section>
      <section className="tool-section" aria-labelledby={`${texts.id}-form-heading`}>
        <h2 id={`${texts.id}-form-heading`} ref={formHeading} tabIndex={-1}>
          {editing ? texts.editHeading(editing) : texts.newHeading}
        </h2>
        {form({ key: editing ? `edit-${editing.id}-${formKey}` : `new-${formKey}`, editing, onDone: done, onCancel: () => setEditing(null) })}
      </section>
    </>
  );
}
