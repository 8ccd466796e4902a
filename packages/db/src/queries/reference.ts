import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { categories, courses, departments, feeHeads, religions } from '../schema';

export function listDepartments(db: DbOrTx) {
  return db.select().from(departments).orderBy(asc(departments.id)).all();
}

export function listCourses(db: DbOrTx, departmentId?: number) {
  return db
    .select({ id: courses.id, name: courses.name, departmentId: courses.departmentId })
    .from(courses)
    .where(departmentId === undefined ? undefined : eq(courses.departmentId, departmentId))
    .orderBy(asc(courses.id))
    .all();
}

export function findCourse(db: DbOrTx, id: number) {
  return db.select().from(courses).where(eq(courses.id, id)).get() ?? null;
}

export function listCategories(db: DbOrTx) {
  return db.select().from(categories).orderBy(asc(categories.id)).all();
}

export function listReligions(db: DbOrTx) {
  return db.select().from(religions).orderBy(asc(religions.id)).all();
}

export function listFeeHeads(db: DbOrTx) {
  return db.select().from(feeHeads).orderBy(asc(feeHeads.name)).all();
}
