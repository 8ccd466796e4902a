import { afterAll } from 'vitest';
import { dropTestDatabases } from './database';

// Vitest setup file: after each test file, its PostgreSQL databases go (nothing to do on SQLite).
afterAll(dropTestDatabases);
