/**
 * Test harness: a fresh database with the real migrations, accounts of every kind, and callers
 * acting as them through createCaller. Data is created through the query layer, as the app does.
 */
import { type Database, findLiveSession, insertUser, type SessionUser, transaction } from '@fees/db';
import { openTestDatabase } from '@fees/db/testing';
import { LoginLimiter } from '../auth/login-limiter';
import { hashPassword } from '../auth/passwords';
import { startSession } from '../auth/sessions';
import { createContextInner } from '../context';
import { createCaller } from '../routers/_app';

export const TEST_PASSWORD = 'secret123';

export type Who = 'anonymous' | 'ugStaff' | 'pgStaff' | 'admin';

export interface Harness {
  db: Database;
  sessions: Record<Exclude<Who, 'anonymous'>, SessionUser>;
  caller: (who: Who) => ReturnType<typeof createCaller>;
}

let cachedHash: string | undefined;

/** Creates a user and a live session for it; departmentId is the department signed in to. */
export async function createAccount(
  db: Database,
  opts: { email: string; role: 'admin' | 'user'; departmentId: number | null },
): Promise<SessionUser> {
  cachedHash ??= await hashPassword(TEST_PASSWORD);
  const passwordHash = cachedHash;
  const user = await transaction(db, (tx) =>
    insertUser(tx, { email: opts.email, passwordHash, role: opts.role, departmentId: opts.departmentId }),
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
    ugStaff: await createAccount(db, { email: 'ug@test.local', role: 'user', departmentId: 100 }),
    pgStaff: await createAccount(db, { email: 'pg@test.local', role: 'user', departmentId: 101 }),
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
