import { afterAll } from 'vitest';
import { dropTestDatabases } from './database';

// Vitest setup file: after each test file, its PostgreSQL databases go (nothing to do on SQLite); a
// file with hundreds of them takes longer than the suite's hook time limit.
afterAll(dropTestDatabases, 600_000);
