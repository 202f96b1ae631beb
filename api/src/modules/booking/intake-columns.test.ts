import { describe, expect, it } from 'vitest';
import { BOOKING_DEAL_FIELDS, BOOKING_REQUEST_FIELDS, type StoredField } from '@app/db/booking-fields';
import { INTAKE_COLUMNS } from './intake-columns';
import { INSERT_BOOKINGS } from './repository';

const copied = (fields: Record<string, StoredField>) => Object.values(fields).filter((f) => f.sql !== null);
const statement = INSERT_BOOKINGS.replace(/\s+/g, ' ');

/** A comma-separated SQL list split at its top level (not inside parentheses). */
function topLevel(list: string): string[] {
  const items = [''];
  let depth = 0;
  for (const ch of list) {
    if (ch === ',' && depth === 0) items.push('');
    else {
      depth += ch === '(' ? 1 : ch === ')' ? -1 : 0;
      items[items.length - 1] += ch;
    }
  }
  return items.map((item) => item.trim());
}

/** The `name type` pairs of the statement's jsonb_to_recordset definition list. */
const recordDefinition = /jsonb_to_recordset\(\$1::jsonb\) AS i\((.*?)\) \)/.exec(statement)![1]!.split(',').map((pair) => pair.trim());
/** The column list of `INSERT INTO <table> (...)` and the expressions of the SELECT that follows it. */
function insert(table: string): { columns: string[]; values: string[] } {
  const match = new RegExp(`INSERT INTO ${table} \\((.*?)\\) SELECT (.*?) FROM input i`).exec(statement);
  if (!match) throw new Error(`no INSERT INTO ${table}`);
  return { columns: topLevel(match[1]!), values: topLevel(match[2]!) };
}

describe('the intake statement, against the booking field declaration (prisma/booking-fields.ts)', () => {
  it('reads every declared field from its records with the declared type, deal fields first, and nothing twice', () => {
    const declared = [...copied(BOOKING_DEAL_FIELDS), ...copied(BOOKING_REQUEST_FIELDS)];
    expect(INTAKE_COLUMNS.map((c) => c.column)).toEqual(declared.map((f) => f.column));
    for (const f of declared) expect(recordDefinition).toContain(`${f.column} ${f.sql}`);
    const names = recordDefinition.map((pair) => pair.split(' ')[0]);
    expect(new Set(names).size).toBe(names.length);
  });

  it('inserts each declared deal field into its deal column from the record column of that name', () => {
    const { columns, values } = insert('deal');
    for (const f of copied(BOOKING_DEAL_FIELDS)) expect(values[columns.indexOf(f.column)], f.column).toBe(`i.${f.column}`);
    // Decided by the statement (the discount) or the column's default (the reference), never by a record.
    expect(columns).toHaveLength(values.length);
    expect(values[columns.indexOf('amount_cents')]).toMatch(/^i\.subtotal_cents - /);
    expect(values[columns.indexOf('discount_percent')]).toBe('f.discount_percent');
    expect(columns).not.toContain('reference');
  });

  it('inserts each declared request field into its booking_request column likewise', () => {
    const { columns, values } = insert('booking_request');
    for (const f of copied(BOOKING_REQUEST_FIELDS)) expect(values[columns.indexOf(f.column)], f.column).toBe(`i.${f.column}`);
    expect(columns).toHaveLength(values.length);
  });
});
