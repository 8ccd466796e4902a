import { eq, lt, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { sessions, type UserRole } from '../schema';
import { bound, rows, run } from '../engines';

export interface SessionUser {
  sessionId: string;
  userId: number;
  email: string;
  /** The display name printed on receipts and shown in the audit log. */
  name: string;
  role: UserRole;
  /** The departments the account serves (user_departments); admins and auditors act for every one. */
  departmentIds: number[];
  /** An administrator set the password: the user must choose a new one before anything else. */
  mustChangePassword: boolean;
  /** The department this session signed in to; null for an admin sign-in. */
  departmentId: number | null;
  departmentCode: string | null;
  expiresAt: number;
}

export async function insertSession(
  db: WriteTx,
  row: { id: string; userId: number; departmentId: number | null; expiresAt: number },
): Promise<void> {
  await db.insert(sessions).values(row);
}

const LIVE_SESSION = sql`SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.name, u.role,
    u.must_change_password AS "mustChangePassword", s.department_id AS "departmentId",
    d.code AS "departmentCode", s.expires_at AS "expiresAt", ud.department_id AS "servedId"
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN departments d ON d.id = s.department_id
  LEFT JOIN user_departments ud ON ud.user_id = u.id
  WHERE s.id = ${sql.placeholder('id')} AND s.expires_at > ${sql.placeholder('nowMs')} AND u.disabled_at IS NULL
  ORDER BY ud.department_id`;

type SessionRow = Omit<SessionUser, 'departmentIds' | 'mustChangePassword'> & {
  mustChangePassword: number;
  servedId: number | null;
};

/**
 * The live session with this id, joined with its user and the departments it serves; null when
 * unknown, expired or its account disabled. Runs on every request: built once, bound at each call.
 */
export async function findLiveSession(db: Reader, params: { id: string; nowMs: number }): Promise<SessionUser | null> {
  // One row per department served (one with servedId null for none): the departments come with the session.
  const found = await rows<SessionRow>(db, bound(LIVE_SESSION, params));
  const [first] = found;
  if (!first) return null;
  const { servedId: _served, ...session } = first;
  return {
    ...session,
    mustChangePassword: Number(first.mustChangePassword) === 1,
    departmentIds: found.flatMap((r) => (r.servedId === null ? [] : [Number(r.servedId)])),
  };
}

export async function extendSession(db: WriteTx, params: { id: string; expiresAt: number }): Promise<void> {
  await run(db, sql`UPDATE sessions SET expires_at = ${params.expiresAt} WHERE id = ${params.id}`);
}

export async function deleteSession(db: WriteTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: WriteTx, nowMs: number): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, nowMs));
}
