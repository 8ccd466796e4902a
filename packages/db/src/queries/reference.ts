import { asc, eq } from 'drizzle-orm';
import type { Reader } from '../client';
import { categories, courses, departments, feeHeads, religions } from '../schema';

export async function listDepartments(db: Reader) {
  return await db.select().from(departments).orderBy(asc(departments.id));
}

export async function listCourses(db: Reader, departmentId?: number) {
  return await db
    .select({ id: courses.id, name: courses.name, departmentId: courses.departmentId })
    .from(courses)
    .where(departmentId === undefined ? undefined : eq(courses.departmentId, departmentId))
    .orderBy(asc(courses.id));
}

export async function findCourse(db: Reader, id: number) {
  return (await db.select().from(courses).where(eq(courses.id, id)).limit(1))[0] ?? null;
}

export async function listCategories(db: Reader) {
  return await db.select().from(categories).orderBy(asc(categories.id));
}

export async function listReligions(db: Reader) {
  return await db.select().from(religions).orderBy(asc(religions.id));
}

export async function listFeeHeads(db: Reader) {
  return await db.select().from(feeHeads).orderBy(asc(feeHeads.name));
}
