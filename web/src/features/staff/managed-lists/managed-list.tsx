import type { FieldValues } from 'react-hook-form';
import type { ManagedListConfig } from './managed-list-config';
import { ManagedItemForm } from './managed-item-form';
import { ManagedListEditor } from './managed-list-editor';
import { ManagedListTable } from './managed-list-table';

/**
 * A staff page's managed list (careers, team): the table, then the form that adds an item or
 * edits the chosen one. What differs between the pages is all in `config`.
 */
export function ManagedList<T extends { id: string }, TInput extends FieldValues, TOutput, TChange>({
  config,
}: {
  config: ManagedListConfig<T, TInput, TOutput, TChange>;
}) {
  const items = config.useItems();
  return (
    <ManagedListEditor
      query={items}
      texts={config.texts}
      list={(found, actions) => <ManagedListTable config={config} items={found} {...actions} />}
      form={({ key, ...props }) => <ManagedItemForm key={key} config={config} {...props} />}
    />
  );
}
