import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { departments, sessions, type UserRole, users } from '../schema';
import { timestampNow } from './now';

export async function findUserByEmail(db: Reader, email: string) {
  return (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0] ?? null;
}

export async function countAdmins(db: Reader): Promise<number> {
  return (await db.select({ n: count() }).from(users).where(eq(users.role, 'admin')).limit(1))[0]?.n ?? 0;
}

export async function insertUser(
  db: WriteTx,
  row: { email: string; passwordHash: string; role: UserRole; departmentId: number | null },
) {
  return (
    await db
      .insert(users)
      .values({ ...row, email: row.email.toLowerCase() })
      .returning({ id: users.id, email: users.email, role: users.role, departmentId: users.departmentId })
  )[0]!;
}

/** Admin accounts without a department: the spec's admin list (id, username). */
export async function listAdmins(db: Reader) {
  return await db
    .select({ id: users.id, username: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id));
}

/** Every account with its department name: the spec's user list (id, username, usertype, depname). */
export async function listUsers(db: Reader, options: { role?: UserRole } = {}) {
  return await db
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
    .orderBy(asc(users.id));
}

/** An account without its password hash: what the admin screens and the audit log may see. */
export async function findAccount(db: Reader, id: number) {
  return (
    (
      await db
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
        .limit(1)
    )[0] ?? null
  );
}

export async function updateUserPassword(db: WriteTx, params: { id: number; passwordHash: string }): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: params.passwordHash, updatedAt: timestampNow() })
    .where(eq(users.id, params.id));
}

/** Deletes an account; its sessions go with it (foreign key cascade), its receipts keep their data. */
export async function deleteUser(db: WriteTx, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Ends every session of a user except one (the caller's own, when they change their own password). */
export async function deleteUserSessions(
  db: WriteTx,
  params: { userId: number; exceptSessionId: string | null },
): Promise<void> {
  const { userId, exceptSessionId } = params;
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}
