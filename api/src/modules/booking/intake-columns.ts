import { DEAL_INTAKE_COLUMNS, REQUEST_INTAKE_COLUMNS, type IntakeColumn } from '@app/db/booking-fields';

/**
 * The column lists of the intake statement (repository.ts), derived from the booking's field
 * declaration (prisma/booking-fields.ts): a record column per field, named as the column it
 * fills, so the statement's lists cannot disagree with each other or with the declaration.
 * Constants of our own code spliced into the statement text; values still go in as parameters.
 */

/** Every booking field the statement reads from its JSON records: the deal's, then the request's. */
export const INTAKE_COLUMNS: readonly IntakeColumn[] = [...DEAL_INTAKE_COLUMNS, ...REQUEST_INTAKE_COLUMNS];

/** `name type, ...` for jsonb_to_recordset's column definition list. */
export const recordColumns = (columns: readonly IntakeColumn[]) => columns.map((c) => `${c.column} ${c.sql}`).join(', ');

/** `a, b, ...` for an INSERT's column list. */
export const columnList = (columns: readonly IntakeColumn[]) => columns.map((c) => c.column).join(', ');

/** `i.a, i.b, ...`: the same columns read from the statement's input rows (aliased `i`). */
export const inputList = (columns: readonly IntakeColumn[]) => columns.map((c) => `i.${c.column}`).join(', ');
