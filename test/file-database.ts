// Setup file of the 'integration' project: every test file gets a database of its own, a copy of
// the run's migrated and seeded template (test/global-setup.ts), made before the file's tests and
// dropped after them. Files run side by side, so none may see another's rows; a copy takes
// about 0.3 s.
import { afterAll, inject } from 'vitest';
import { useFileDatabase } from './context';
import { createTestDatabase } from './database';

const database = await createTestDatabase('file', { template: inject('templateDatabase') });
useFileDatabase(database.url);

// Registered before the file's own hooks, so it runs after them (hooks run in stack order).
afterAll(() => database.drop());
