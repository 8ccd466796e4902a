import { afterAll } from 'vitest';
import { closeMigratedDatabases, dropTestDatabases, removeTemporaryFolders } from './database';

// Vitest setup file: after each test file, the databases it opened are closed and its PostgreSQL databases
// dropped (a file with hundreds of them takes longer than the suite's hook time limit), and its temporary folders go.
afterAll(async () => {
  await closeMigratedDatabases();
  await dropTestDatabases();
  removeTemporaryFolders();
}, 600_000);
