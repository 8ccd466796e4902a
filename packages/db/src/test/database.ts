import { openDatabase } from '../client';

/** A fresh in-memory database with the real migrations and reference data, for tests. */
export function createTestDatabase() {
  return openDatabase(':memory:');
}
