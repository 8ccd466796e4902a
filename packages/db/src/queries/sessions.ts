import { eq, lt, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { sessions } from '../schema';
import { row, run } from '../engines';

export interface SessionUser {
  sessionId: string;
  userId: number;
  email: string;
  role: 'admin' | 'user';
  /** The user's own department (staff), or null for an admin account without one. */
  userDepartmentId: number | null;
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

const findLiveSessionSql = ({
  id,
  nowMs,
}: {
  id: string;
  nowMs: number;
}) => sql`SELECT s.id AS "sessionId", u.id AS "userId", u.email, u.role,
    u.department_id AS "userDepartmentId", s.department_id AS "departmentId", d.code AS "departmentCode",
    s.expires_at AS "expiresAt"
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  LEFT JOIN departments d ON d.id = s.department_id
  WHERE s.id = ${id} AND s.expires_at > ${nowMs}`;

/**
 * The live session with this id, joined with its user; null when unknown or expired. Runs on every
 * request; its text is the same every time, so each engine compiles it once.
 */
export async function findLiveSession(db: Reader, params: { id: string; nowMs: number }): Promise<SessionUser | null> {
  return (await row<SessionUser>(db, findLiveSessionSql(params))) ?? null;
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
