import { afterAll } from 'vitest';
import { dropTestDatabases, removeTemporaryFolders } from './database';

// Vitest setup file: after each test file, its PostgreSQL databases go (nothing to do on SQLite; a
// file with hundreds of them takes longer than the suite's hook time limit), and so do its temporary folders.
afterAll(async () => {
  await dropTestDatabases();
  removeTemporaryFolders();
}, 600_000);
