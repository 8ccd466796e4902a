import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { departments, sessions, type UserRole, users } from '../schema';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get() ?? null;
}

export function countAdmins(db: DbOrTx): number {
  return db.select({ n: count() }).from(users).where(eq(users.role, 'admin')).get()?.n ?? 0;
}

export function insertUser(
  db: DbOrTx,
  row: { email: string; passwordHash: string; role: UserRole; departmentId: number | null },
) {
  return db
    .insert(users)
    .values({ ...row, email: row.email.toLowerCase() })
    .returning({ id: users.id, email: users.email, role: users.role, departmentId: users.departmentId })
    .get();
}

/** Admin accounts without a department: the spec's admin list (id, username). */
export function listAdmins(db: DbOrTx) {
  return db
    .select({ id: users.id, username: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .all();
}

/** Every account with its department name: the spec's user list (id, username, usertype, depname). */
export function listUsers(db: DbOrTx, options: { role?: UserRole } = {}) {
  return db
    .select({
      id: users.id,
      username: users.email,
      role: users.role,
      departmentId: users.departmentId,
      depname: departments.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(options.role ? and(eq(users.role, options.role)) : undefined)
    .orderBy(asc(users.id))
    .all();
}

/** An account without its password hash: what the admin screens and the audit log may see. */
export function findAccount(db: DbOrTx, id: number) {
  return (
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        departmentId: users.departmentId,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(eq(users.id, id))
      .get() ?? null
  );
}

export function updateUserPassword(db: DbOrTx, id: number, passwordHash: string): void {
  db.update(users)
    .set({ passwordHash, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` })
    .where(eq(users.id, id))
    .run();
}

/** Deletes an account; its sessions go with it (foreign key cascade), its receipts keep their data. */
export function deleteUser(db: DbOrTx, id: number): void {
  db.delete(users).where(eq(users.id, id)).run();
}

/** Ends every session of a user except one (the caller's own, when they change their own password). */
export function deleteUserSessions(db: DbOrTx, userId: number, exceptSessionId: string | null): void {
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined))
    .run();
}
