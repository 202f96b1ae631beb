import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOKING_DEAL_FIELDS, BOOKING_REQUEST_FIELDS, type StoredField } from './booking-fields';

/** Field name → column of one model in schema.prisma (the @map, else the field's own name). */
function prismaColumns(model: string): Map<string, string> {
  const schema = readFileSync(new URL('./schema.prisma', import.meta.url), 'utf8');
  const body = new RegExp(`^model ${model} \\{$([\\s\\S]*?)^\\}`, 'm').exec(schema)?.[1];
  if (!body) throw new Error(`no model ${model} in schema.prisma`);
  const columns = new Map<string, string>();
  for (const line of body.split('\n')) {
    const field = /^\s+(\w+)\s+\w+/.exec(line);
    if (field) columns.set(field[1]!, /@map\("(\w+)"\)/.exec(line)?.[1] ?? field[1]!);
  }
  return columns;
}

describe.each([
  ['Deal', BOOKING_DEAL_FIELDS],
  ['BookingRequest', BOOKING_REQUEST_FIELDS],
] as [string, Record<string, StoredField>][])('the booking fields declared on %s', (model, fields) => {
  const columns = prismaColumns(model);

  it.each(Object.entries(fields))('%s names its column as schema.prisma maps it', (key, field) => {
    expect(columns.get(key), `${model}.${key} in schema.prisma`).toBe(field.column);
  });
});
