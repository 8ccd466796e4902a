/**
 * The migration that brings roles: today's department staff become accountants of the department they were
 * made for, admins stay admins serving every department, and every account is named after its e-mail.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows, run } from './engines';
import { databaseBeforeMigration } from './test/database';

describe('the roles migration', () => {
  it('makes staff accountants of their department and names every account after its e-mail', async () => {
    const { old, reopen } = await databaseBeforeMigration({ sqlite: '0034_roles', postgres: '0028_roles' });
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
