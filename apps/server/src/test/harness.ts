/**
 * Test harness: a fresh database with the real migrations, accounts of every kind, and callers
 * acting as them through createCaller. Data is created through the query layer, as the app does.
 */
import { type Database, findLiveSession, insertUser, type SessionUser, transaction, type UserRole } from '@fees/db';
import { openTestDatabase } from '@fees/db/testing';
import { LoginLimiter } from '../auth/login-limiter';
import { hashPassword } from '../auth/passwords';
import { startSession } from '../auth/sessions';
import { createContextInner } from '../context';
import { createCaller } from '../routers/_app';

export const TEST_PASSWORD = 'secret123';

/**
 * ugStaff and pgStaff are accountants (today's department staff) of UG (100) and PG (101); cashier and
 * viewer serve UG; the auditor and the admin every department.
 */
export type Who = 'anonymous' | 'ugStaff' | 'pgStaff' | 'admin' | 'cashier' | 'viewer' | 'auditor';

export interface Harness {
  db: Database;
  sessions: Record<Exclude<Who, 'anonymous'>, SessionUser>;
  caller: (who: Who) => ReturnType<typeof createCaller>;
}

let cachedHash: string | undefined;

/**
 * Creates a user and a live session for it; departmentId is the department signed in to, and the one
 * it serves unless departmentIds names others.
 */
export async function createAccount(
  db: Database,
  opts: { email: string; role: UserRole; departmentId: number | null; departmentIds?: number[]; name?: string },
): Promise<SessionUser> {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  const passwordHash = cachedHash;
  const departmentIds = opts.departmentIds ?? (opts.departmentId === null ? [] : [opts.departmentId]);
  const user = await transaction(db, (tx) =>
    insertUser(tx, { email: opts.email, name: opts.name, passwordHash, role: opts.role, departmentIds }),
  );
  const token = await startSession(db, user.id, opts.role === 'admin' ? null : opts.departmentId);
  const { createHash } = await import('node:crypto');
  const session = await findLiveSession(db, {
    id: createHash('sha256').update(token).digest('hex'),
    nowMs: Date.now(),
  });
  if (!session) throw new Error('session not created');
  return session;
}

export async function createHarness(): Promise<Harness> {
  const db = await openTestDatabase();
  const sessions = {
    admin: await createAccount(db, { email: 'admin@test.local', role: 'admin', departmentId: null }),
    ugStaff: await createAccount(db, { email: 'ug@test.local', role: 'accountant', departmentId: 100 }),
    pgStaff: await createAccount(db, { email: 'pg@test.local', role: 'accountant', departmentId: 101 }),
    cashier: await createAccount(db, { email: 'cashier@test.local', role: 'cashier', departmentId: 100 }),
    viewer: await createAccount(db, { email: 'viewer@test.local', role: 'viewer', departmentId: 100 }),
    auditor: await createAccount(db, { email: 'auditor@test.local', role: 'auditor', departmentId: null }),
  };
  const limiter = new LoginLimiter();
  return {
    db,
    sessions,
    caller: (who) =>
      createCaller(
        createContextInner({
          db,
          session: who === 'anonymous' ? null : sessions[who],
          ip: '127.0.0.1',
          loginLimiter: limiter,
        }),
      ),
  };
}
