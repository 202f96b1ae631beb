import type { FieldValues } from 'react-hook-form';
import { FormAlert } from '../../../components/form/form-alert';
import { failureText } from '../common/staff-errors';
import type { ManagedListConfig } from './managed-list-config';

interface ManagedListTableProps<T extends { id: string }, TInput extends FieldValues, TOutput, TChange> {
  config: ManagedListConfig<T, TInput, TOutput, TChange>;
  items: T[];
  onEdit: (item: T) => void;
  onChanged: (message: string) => void;
}

/** Every item with its columns; the row's toggle changes only that, Edit opens the form. */
export function ManagedListTable<T extends { id: string }, TInput extends FieldValues, TOutput, TChange>({
  config,
  items,
  onEdit,
  onChanged,
}: ManagedListTableProps<T, TInput, TOutput, TChange>) {
  const save = config.useSave();
  const { table, nameOf } = config;
  if (items.length === 0) return <p>{table.empty}</p>;

  const toggle = (item: T) => save.mutate(table.toggle.change(item), { onSuccess: (saved) => onChanged(table.toggle.done(saved, item)) });

  return (
    <>
      {save.isError ? <FormAlert message={failureText(save.error)} /> : null}
      <div className="table-scroll">
        <table className="admin-table">
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{table.nameHeader}</th>
              {table.columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} {...{ [table.rowAttribute]: item.id }}>
                <th scope="row">{nameOf(item)}</th>
                {table.columns.map((column) => (
                  <td key={column.header} data-label={column.header} {...(column.attribute ? { [column.attribute]: true } : {})}>
                    {column.cell(item)}
                  </td>
                ))}
                <td>
                  <div className="row-actions">
                    <button type="button" className="button button--ghost button--small" onClick={() => onEdit(item)}>
                      Edit<span className="visually-hidden"> {table.rowLabel(item)}</span>
                    </button>
                    <button type="button" className="button button--ghost button--small" disabled={save.isPending} onClick={() => toggle(item)}>
                      {table.toggle.label(item)}
                      <span className="visually-hidden"> {table.rowLabel(item)}</span>
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
