import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { departments, type UserRole, users } from '../schema';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.select().from(users).where(eq(users.email, email.toLowerCase())).get() ?? null;
}

export function findUserById(db: DbOrTx, id: number) {
  return db.select().from(users).where(eq(users.id, id)).get() ?? null;
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
