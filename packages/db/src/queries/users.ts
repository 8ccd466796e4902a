import { and, asc, count, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row } from '../engines';
import { auditLog, departments, sessions, type UserRole, userDepartments, users } from '../schema';
import { timestampNow } from './now';

export async function findUserByEmail(db: Reader, email: string) {
  return (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0] ?? null;
}

/** Admin accounts that can still sign in. */
export async function countAdmins(db: Reader): Promise<number> {
  return (
    (
      await db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.disabledAt)))
        .limit(1)
    )[0]?.n ?? 0
  );
}

/** The local part of an e-mail address: the display name an account gets when none is given. */
export function nameFromEmail(email: string): string {
  return email.split('@')[0] ?? email;
}

/** A new account and the departments it serves (the first is kept as its legacy department). */
export async function insertUser(
  db: WriteTx,
  params: {
    email: string;
    name?: string;
    passwordHash: string;
    role: UserRole;
    departmentIds: number[];
    mustChangePassword?: boolean;
  },
) {
  const email = params.email.toLowerCase();
  const created = (
    await db
      .insert(users)
      .values({
        email,
        name: params.name?.trim() || nameFromEmail(email),
        passwordHash: params.passwordHash,
        role: params.role,
        departmentId: params.departmentIds[0] ?? null,
        mustChangePassword: params.mustChangePassword ? 1 : 0,
      })
      .returning({ id: users.id, email: users.email, name: users.name, role: users.role })
  )[0]!;
  await setUserDepartments(db, { userId: created.id, departmentIds: params.departmentIds });
  return { ...created, departmentIds: [...params.departmentIds].sort((a, b) => a - b) };
}

/** Replaces the departments an account serves. */
export async function setUserDepartments(
  db: WriteTx,
  params: { userId: number; departmentIds: number[] },
): Promise<void> {
  await db.delete(userDepartments).where(eq(userDepartments.userId, params.userId));
  if (params.departmentIds.length > 0) {
    await db
      .insert(userDepartments)
      .values(params.departmentIds.map((departmentId) => ({ userId: params.userId, departmentId })));
  }
  await db
    .update(users)
    .set({ departmentId: params.departmentIds[0] ?? null })
    .where(eq(users.id, params.userId));
}

/** Departments served, per account id. */
async function departmentsOf(db: Reader, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (userIds.length === 0) return byUser;
  const found = await db
    .select({ userId: userDepartments.userId, departmentId: userDepartments.departmentId })
    .from(userDepartments)
    .where(inArray(userDepartments.userId, userIds))
    .orderBy(asc(userDepartments.userId), asc(userDepartments.departmentId));
  for (const r of found) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.departmentId]);
  return byUser;
}

/** Admin accounts without a department: the spec's admin list (id, username). */
export async function listAdmins(db: Reader) {
  return await db
    .select({ id: users.id, username: users.email })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id));
}

/**
 * Every account with its first department's name (the spec's user list: id, username, usertype,
 * depname), its display name, role, the departments it serves and whether it is disabled.
 */
export async function listUsers(db: Reader, options: { role?: UserRole } = {}) {
  const found = await db
    .select({
      id: users.id,
      username: users.email,
      name: users.name,
      role: users.role,
      departmentId: users.departmentId,
      depname: departments.name,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .where(options.role ? and(eq(users.role, options.role)) : undefined)
    .orderBy(asc(users.id));
  const served = await departmentsOf(
    db,
    found.map((u) => u.id),
  );
  return found.map((u) => ({ ...u, departmentIds: served.get(u.id) ?? [] }));
}

/** An account without its password hash: what the admin screens and the audit log may see. */
export async function findAccount(db: Reader, id: number) {
  const account =
    (
      await db
        .select({
          id: users.id,
          email: users.email,
          name: users.name,
          role: users.role,
          departmentId: users.departmentId,
          disabledAt: users.disabledAt,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1)
    )[0] ?? null;
  if (!account) return null;
  return { ...account, departmentIds: (await departmentsOf(db, [id])).get(id) ?? [] };
}

/** A new password; mustChange makes the user choose another at the next sign-in (an administrator's reset). */
export async function updateUserPassword(
  db: WriteTx,
  params: { id: number; passwordHash: string; mustChange?: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash: params.passwordHash,
      mustChangePassword: params.mustChange ? 1 : 0,
      updatedAt: timestampNow(),
    })
    .where(eq(users.id, params.id));
}

/** Changes an account's display name and role. */
export async function updateUserProfile(
  db: WriteTx,
  params: { id: number; name: string; role: UserRole },
): Promise<void> {
  await db
    .update(users)
    .set({ name: params.name, role: params.role, updatedAt: timestampNow() })
    .where(eq(users.id, params.id));
}

/** Disables an account (disabled true) or lets it sign in again. */
export async function setUserDisabled(db: WriteTx, params: { id: number; disabled: boolean }): Promise<void> {
  await db
    .update(users)
    .set({ disabledAt: params.disabled ? timestampNow() : null, updatedAt: timestampNow() })
    .where(eq(users.id, params.id));
}

/**
 * Whether the audit log holds anything the account did besides signing in and out: then it is disabled, never
 * deleted.
 */
export async function userHasHistory(db: Reader, userId: number): Promise<boolean> {
  const found = await row<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM ${auditLog} WHERE ${auditLog.userId} = ${userId}
      AND ${auditLog.entity} <> 'session' LIMIT 1`,
  );
  return found != null;
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
