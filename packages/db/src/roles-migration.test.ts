/**
 * The migration that brings roles: today's department staff become accountants of the department they were
 * made for, admins stay admins serving every department, and every account is named after its e-mail.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from './client';
import { openDatabase } from './client';
import { rows, run } from './engines';
import { closePostgres, openPostgres } from './engines/postgres/client';
import { closeTestDatabase, migrationsBefore, onPostgres, temporaryFolder } from './test/database';
import { createTestPostgres } from './test/postgres';

const opened: Database[] = [];
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await closeTestDatabase(db);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A database as the version before roles left it, and a way to open it with every migration. */
async function databaseBeforeRoles(): Promise<{ old: Database; reopen: () => Promise<Database> }> {
  const before = migrationsBefore(onPostgres ? 'postgres' : 'sqlite', onPostgres ? '0028_roles' : '0034_roles');
  if (onPostgres) {
    const postgres = await createTestPostgres();
    const old = await openPostgres(postgres.url, { migrationsFolder: before.folder, max: 1 });
    const reopen = async () => {
      await closePostgres(old);
      const db = await openPostgres(postgres.url, { max: 1 });
      cleanups.push(async () => {
        await closePostgres(db);
        await postgres.stop();
      });
      return db;
    };
    return { old, reopen };
  }
  const path = `${temporaryFolder('fees-roles-')}/fees.sqlite`;
  const old = openDatabase(path, { migrationsFolder: before.folder });
  const reopen = async () => {
    old.$client.close();
    const db = openDatabase(path);
    opened.push(db);
    return db;
  };
  return { old, reopen };
}

describe('the roles migration', () => {
  it('makes staff accountants of their department and names every account after its e-mail', async () => {
    const { old, reopen } = await databaseBeforeRoles();
    await run(
      old,
      sql`INSERT INTO users (id, email, password_hash, role, department_id) VALUES
        (1, 'admin@college.in', 'h', 'admin', NULL),
        (2, 'ug.office@college.in', 'h', 'user', 100),
        (3, 'pg@college.in', 'h', 'user', 101),
        (4, 'head@college.in', 'h', 'admin', 100)`,
    );
    const db = await reopen();
    expect(
      await rows(
        db,
        sql`SELECT id, role, name, disabled_at AS "disabledAt", must_change_password AS "mustChange"
          FROM users ORDER BY id`,
      ),
    ).toEqual([
      { id: 1, role: 'admin', name: 'admin', disabledAt: null, mustChange: 0 },
      { id: 2, role: 'accountant', name: 'ug.office', disabledAt: null, mustChange: 0 },
      { id: 3, role: 'accountant', name: 'pg', disabledAt: null, mustChange: 0 },
      { id: 4, role: 'admin', name: 'head', disabledAt: null, mustChange: 0 },
    ]);
    // Admins serve every department by their role, not by rows here.
    expect(
      await rows(
        db,
        sql`SELECT user_id AS "userId", department_id AS "depId" FROM user_departments ORDER BY user_id, department_id`,
      ),
    ).toEqual([
      { userId: 2, depId: 100 },
      { userId: 3, depId: 101 },
    ]);
  });
});
