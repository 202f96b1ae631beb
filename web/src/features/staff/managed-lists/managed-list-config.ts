import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ManagedListTexts } from './managed-list-editor';

/** One control of the form. Textareas go full width under the grid of the others. */
export interface ManagedField<TInput extends FieldValues> {
  name: Path<TInput>;
  label: string;
  control: 'text' | 'number' | 'textarea' | 'select';
  hint?: string;
  /** A textarea's height. */
  rows?: number;
  /** A select's choices, in order. */
  options?: readonly { value: string; label: string }[];
  /** Shown for any error of this field instead of the schema's message. */
  errorText?: string;
}

/** One column of the table after the name (the row's header). */
export interface ManagedColumn<T> {
  header: string;
  cell(item: T): string;
  /** A data attribute on the cell, for the tests to find it (`data-status`). */
  attribute?: `data-${string}`;
}

/**
 * Everything that differs between the staff pages managing a list (careers, team): the texts,
 * the api hooks, the table's columns and row action, and the form's fields. ManagedList renders
 * the rest the same way for each.
 */
export interface ManagedListConfig<T extends { id: string }, TInput extends FieldValues, TOutput, TChange> {
  texts: ManagedListTexts<T>;
  useItems(): UseQueryResult<T[]>;
  /** Each use is its own request state: the table's row action and the form fail apart. */
  useSave(): UseMutationResult<T, Error, TChange>;
  /** How an item is named in its row header and in the form's label. */
  nameOf(item: T): string;
  table: {
    caption: string;
    /** The header of the first column, which holds each item's name. */
    nameHeader: string;
    /** Shown instead of the table while there is nothing. */
    empty: string;
    /** The data attribute carrying each row's id (`data-career`). */
    rowAttribute: `data-${string}`;
    /** Read after each row button's text by screen readers, to tell the rows apart. */
    rowLabel(item: T): string;
    columns: readonly ManagedColumn<T>[];
    /** The second row button (Close/Reopen, Hide/Show): its text, the change it sends, and what it did. */
    toggle: { label(item: T): string; change(item: T): TChange; done(saved: T, item: T): string };
  };
  form: {
    schema: z.ZodType<TOutput, TInput>;
    newValues: DefaultValues<TInput>;
    valuesOf(item: T): DefaultValues<TInput>;
    fields: readonly ManagedField<TInput>[];
    /** The change a valid form sends: a new item when nothing is edited. */
    change(values: TOutput, editing: T | null): TChange;
    /** The submit button's text for a new item ('Add listing'). */
    addLabel: string;
    /** The form's accessible name for a new item ('New listing'). */
    newLabel: string;
    done(saved: T, editing: T | null): string;
  };
}
