import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { departments, sessions, users } from '../schema';

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

export function insertSession(
  db: DbOrTx,
  row: { id: string; userId: number; departmentId: number | null; expiresAt: number },
): void {
  db.insert(sessions).values(row).run();
}

/** The live session with this id, joined with its user; null when unknown or expired. */
export function findLiveSession(db: DbOrTx, id: string, nowMs: number): SessionUser | null {
  const row = db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      email: users.email,
      role: users.role,
      userDepartmentId: users.departmentId,
      departmentId: sessions.departmentId,
      departmentCode: departments.code,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(departments, eq(departments.id, sessions.departmentId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, nowMs)))
    .get();
  return row ?? null;
}

export function extendSession(db: DbOrTx, id: string, expiresAt: number): void {
  db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id)).run();
}

export function deleteSession(db: DbOrTx, id: string): void {
  db.delete(sessions).where(eq(sessions.id, id)).run();
}

export function deleteExpiredSessions(db: DbOrTx, nowMs: number): void {
  db.delete(sessions).where(lt(sessions.expiresAt, nowMs)).run();
}
