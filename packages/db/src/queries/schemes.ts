import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type DiscountChangeBy, recordDiscountChange } from './discount-history';
import type { Reader, WriteTx } from '../client';
import {
  batches,
  categories,
  concessionSchemeMembers,
  concessionSchemeRules,
  concessionSchemes,
  courses,
  discounts,
  feeHeads,
  feeStructures,
  openingBalances,
  studentHeadPaid,
  students,
} from '../schema';
import { timestampNow } from './now';
import { structureFeeSql } from './optional-fee-sql';
import { promotedOn } from './student-charges';

/** Every scheme with how many rules and students it has, by name. */
export async function listSchemes(db: Reader) {
  const ruleCounts = db
    .select({ schemeId: concessionSchemeRules.schemeId, rules: count().as('rules') })
    .from(concessionSchemeRules)
    .groupBy(concessionSchemeRules.schemeId)
    .as('rule_counts');
  const memberCounts = db
    .select({ schemeId: concessionSchemeMembers.schemeId, members: count().as('members') })
    .from(concessionSchemeMembers)
    .groupBy(concessionSchemeMembers.schemeId)
    .as('member_counts');
  return await db
    .select({
      id: concessionSchemes.id,
      name: concessionSchemes.name,
      version: concessionSchemes.version,
      rules: sql<number>`coalesce(${ruleCounts.rules}, 0)`,
      members: sql<number>`coalesce(${memberCounts.members}, 0)`,
    })
    .from(concessionSchemes)
    .leftJoin(ruleCounts, eq(ruleCounts.schemeId, concessionSchemes.id))
    .leftJoin(memberCounts, eq(memberCounts.schemeId, concessionSchemes.id))
    .orderBy(asc(concessionSchemes.name));
}

/** A scheme with its rules (head, course and batch names), or undefined. */
export async function findScheme(db: Reader, params: { id: number }) {
  const [scheme] = await db.select().from(concessionSchemes).where(eq(concessionSchemes.id, params.id));
  if (!scheme) return undefined;
  const rules = await db
    .select({
      id: concessionSchemeRules.id,
      feeHeadId: concessionSchemeRules.feeHeadId,
      feeHead: feeHeads.name,
      courseId: concessionSchemeRules.courseId,
      course: courses.name,
      departmentId: courses.departmentId,
      batchId: concessionSchemeRules.batchId,
      batch: batches.name,
      percentBasisPoints: concessionSchemeRules.percentBasisPoints,
      amountPaise: concessionSchemeRules.amountPaise,
    })
    .from(concessionSchemeRules)
    .innerJoin(feeHeads, eq(feeHeads.id, concessionSchemeRules.feeHeadId))
    .innerJoin(courses, eq(courses.id, concessionSchemeRules.courseId))
    .leftJoin(batches, eq(batches.id, concessionSchemeRules.batchId))
    .where(eq(concessionSchemeRules.schemeId, params.id))
    // A course-wide rule (no batch) before the batches' rules: NULLS FIRST, SQLite's order, made explicit for
    // PostgreSQL.
    .orderBy(asc(courses.id), sql`${concessionSchemeRules.batchId} ASC NULLS FIRST`, asc(feeHeads.name));
  return { ...scheme, rules };
}

export type SchemeRuleRow = Omit<typeof concessionSchemeRules.$inferInsert, 'id' | 'schemeId'>;

/** Writes a new scheme and its rules (call inside a transaction). */
export async function insertScheme(db: WriteTx, params: { name: string; rules: SchemeRuleRow[] }) {
  const [scheme] = await db.insert(concessionSchemes).values({ name: params.name }).returning();
  await replaceSchemeRules(db, { schemeId: scheme!.id, rules: params.rules });
  return scheme!;
}

/**
 * Renames a scheme and replaces its rules; with a version, only if the row still has it. Returns the
 * updated row, or undefined when the version no longer matches.
 */
export async function updateScheme(
  db: WriteTx,
  params: { id: number; version?: number; name: string; rules: SchemeRuleRow[] },
) {
  const [updated] = await db
    .update(concessionSchemes)
    .set({ name: params.name, version: sql`${concessionSchemes.version} + 1`, updatedAt: timestampNow() })
    .where(
      and(
        eq(concessionSchemes.id, params.id),
        params.version === undefined ? undefined : eq(concessionSchemes.version, params.version),
      ),
    )
    .returning();
  if (updated) await replaceSchemeRules(db, { schemeId: params.id, rules: params.rules });
  return updated;
}

async function replaceSchemeRules(db: Reader, params: { schemeId: number; rules: SchemeRuleRow[] }) {
  await db.delete(concessionSchemeRules).where(eq(concessionSchemeRules.schemeId, params.schemeId));
  if (params.rules.length > 0)
    await db.insert(concessionSchemeRules).values(params.rules.map((r) => ({ ...r, schemeId: params.schemeId })));
}

/** Deletes a scheme without members (its rules go with it). */
export async function deleteScheme(db: WriteTx, params: { id: number }): Promise<void> {
  await db.delete(concessionSchemes).where(eq(concessionSchemes.id, params.id));
}

export async function countSchemeMembers(db: Reader, params: { schemeId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(concessionSchemeMembers)
    .where(eq(concessionSchemeMembers.schemeId, params.schemeId));
  return row?.n ?? 0;
}

const placement = {
  id: students.id,
  departmentId: students.departmentId,
  courseId: students.courseId,
  batchId: students.batchId,
  batchName: batches.name,
  admissionNo: students.admissionNo,
  name: students.name,
  categoryName: categories.name,
};

/** The named students of a department that exist there, with where they sit and their category. */
export async function studentsForScheme(db: Reader, params: { departmentId: number; studentIds: number[] }) {
  return await db
    .select(placement)
    .from(students)
    .innerJoin(batches, eq(batches.id, students.batchId))
    .innerJoin(categories, eq(categories.id, students.categoryId))
    .where(and(eq(students.departmentId, params.departmentId), inArray(students.id, params.studentIds)))
    .orderBy(asc(batches.name), asc(students.admissionNo));
}

/** Every student of a batch with one category (all SC/ST students of a batch). */
export async function studentsOfBatchCategory(db: Reader, params: { batchId: number; categoryId: number }) {
  return await db
    .select(placement)
    .from(students)
    .innerJoin(batches, eq(batches.id, students.batchId))
    .innerJoin(categories, eq(categories.id, students.categoryId))
    .where(and(eq(students.batchId, params.batchId), eq(students.categoryId, params.categoryId)))
    .orderBy(asc(students.admissionNo));
}

/**
 * Per student and head of their batch's fee structure: the student's fee on it (an optional head: what their opt-ins
 * make owed, structureFeeSql), any opening balance on the head, what was paid on live receipts, and the discount row
 * if any (with the scheme that wrote it and its version).
 */
export async function headStatesOfStudents(db: Reader, params: { studentIds: number[] }) {
  if (params.studentIds.length === 0) return [];
  return await db
    .select({
      studentId: students.id,
      feeHeadId: feeStructures.feeHeadId,
      feeHead: feeHeads.name,
      feePaise: sql<number>`${sql.raw(structureFeeSql('fee_structures', 'students.id'))}`,
      // The batches the student was promoted out of add to the head's fee as an opening balance does.
      openingPaise: sql<number>`coalesce(${openingBalances.amountPaise}, 0)
        + ${promotedOn(sql`${students.id}`, sql`${feeStructures.feeHeadId}`)}`,
      paidPaise: sql<number>`coalesce(${studentHeadPaid.paidPaise}, 0)`,
      discountId: discounts.id,
      discountPaise: discounts.discountPaise,
      adjustmentPaise: discounts.adjustmentPaise,
      discountVersion: discounts.version,
      discountNote: discounts.note,
      discountSchemeId: discounts.schemeId,
      discountScheme: concessionSchemes.name,
    })
    .from(students)
    .innerJoin(feeStructures, eq(feeStructures.batchId, students.batchId))
    .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
    .leftJoin(discounts, and(eq(discounts.studentId, students.id), eq(discounts.feeHeadId, feeStructures.feeHeadId)))
    .leftJoin(concessionSchemes, eq(concessionSchemes.id, discounts.schemeId))
    .leftJoin(
      studentHeadPaid,
      and(eq(studentHeadPaid.studentId, students.id), eq(studentHeadPaid.feeHeadId, feeStructures.feeHeadId)),
    )
    .leftJoin(
      openingBalances,
      and(eq(openingBalances.studentId, students.id), eq(openingBalances.feeHeadId, feeStructures.feeHeadId)),
    )
    .where(inArray(students.id, params.studentIds))
    .orderBy(asc(students.id), asc(feeStructures.id));
}

/** Which of the students are in the scheme. */
export async function schemeMemberIds(
  db: Reader,
  params: { schemeId: number; studentIds: number[] },
): Promise<Set<number>> {
  if (params.studentIds.length === 0) return new Set();
  const rows = await db
    .select({ studentId: concessionSchemeMembers.studentId })
    .from(concessionSchemeMembers)
    .where(
      and(
        eq(concessionSchemeMembers.schemeId, params.schemeId),
        inArray(concessionSchemeMembers.studentId, params.studentIds),
      ),
    );
  return new Set(rows.map((r) => r.studentId));
}

/** A scheme's students in a department, with their batch and the discounts the scheme gives them. */
export async function membersOfScheme(db: Reader, params: { schemeId: number; departmentId: number }) {
  const given = db
    .select({ studentId: discounts.studentId, paise: sql<number>`sum(${discounts.discountPaise})`.as('paise') })
    .from(discounts)
    .where(eq(discounts.schemeId, params.schemeId))
    .groupBy(discounts.studentId)
    .as('given');
  return await db
    .select({
      ...placement,
      courseName: courses.name,
      joinedAt: concessionSchemeMembers.joinedAt,
      discountPaise: sql<number>`coalesce(${given.paise}, 0)`,
    })
    .from(concessionSchemeMembers)
    .innerJoin(students, eq(students.id, concessionSchemeMembers.studentId))
    .innerJoin(batches, eq(batches.id, students.batchId))
    .innerJoin(courses, eq(courses.id, students.courseId))
    .innerJoin(categories, eq(categories.id, students.categoryId))
    .leftJoin(given, eq(given.studentId, students.id))
    .where(and(eq(concessionSchemeMembers.schemeId, params.schemeId), eq(students.departmentId, params.departmentId)))
    .orderBy(asc(courses.id), desc(batches.startDate), asc(students.admissionNo));
}

/** The schemes a student is in, each with the discounts it wrote for them per head. */
export async function schemesOfStudent(db: Reader, params: { studentId: number }) {
  const memberships = await db
    .select({
      schemeId: concessionSchemes.id,
      name: concessionSchemes.name,
      joinedAt: concessionSchemeMembers.joinedAt,
    })
    .from(concessionSchemeMembers)
    .innerJoin(concessionSchemes, eq(concessionSchemes.id, concessionSchemeMembers.schemeId))
    .where(eq(concessionSchemeMembers.studentId, params.studentId))
    .orderBy(asc(concessionSchemes.name));
  const given = await db
    .select({
      schemeId: discounts.schemeId,
      feeHeadId: discounts.feeHeadId,
      feeHead: feeHeads.name,
      discountPaise: discounts.discountPaise,
    })
    .from(discounts)
    .innerJoin(feeHeads, eq(feeHeads.id, discounts.feeHeadId))
    .where(and(eq(discounts.studentId, params.studentId), isNotNull(discounts.schemeId)))
    .orderBy(asc(feeHeads.name));
  return memberships.map((m) => ({
    ...m,
    heads: given.filter((g) => g.schemeId === m.schemeId).map(({ schemeId: _, ...head }) => head),
  }));
}

/** Adds a student to a scheme (nothing when already in it). */
export async function addSchemeMember(
  db: WriteTx,
  params: { schemeId: number; studentId: number; joinedBy: number | null },
): Promise<boolean> {
  const added = await db
    .insert(concessionSchemeMembers)
    .values(params)
    .onConflictDoNothing()
    .returning({ studentId: concessionSchemeMembers.studentId });
  return added.length === 1;
}

export async function removeSchemeMember(db: WriteTx, params: { schemeId: number; studentId: number }): Promise<void> {
  await db
    .delete(concessionSchemeMembers)
    .where(
      and(
        eq(concessionSchemeMembers.schemeId, params.schemeId),
        eq(concessionSchemeMembers.studentId, params.studentId),
      ),
    );
}

/** A discount written by a scheme: the scheme's name in the note and its id as the link. */
export async function insertSchemeDiscount(
  db: WriteTx,
  row: { studentId: number; feeHeadId: number; discountPaise: number; schemeId: number; note: string },
  by: DiscountChangeBy,
) {
  const [inserted] = await db
    .insert(discounts)
    .values({ ...row, adjustmentPaise: 0 })
    .returning();
  await recordDiscountChange(db, { ...by, source: 'scheme' }, null, inserted!);
  return inserted!;
}

/**
 * Sets a discount's amount, note and scheme link (the adjustment stays), only if the row still has the
 * version the caller read. Returns the row, or undefined when someone changed it since.
 */
export async function setDiscountFromScheme(
  db: WriteTx,
  params: { id: number; version: number; discountPaise: number; schemeId: number | null; note: string | null },
  by: DiscountChangeBy,
) {
  const [before] = await db.select().from(discounts).where(eq(discounts.id, params.id));
  const [updated] = await db
    .update(discounts)
    .set({
      discountPaise: params.discountPaise,
      schemeId: params.schemeId,
      note: params.note,
      version: sql`${discounts.version} + 1`,
      updatedAt: timestampNow(),
    })
    .where(and(eq(discounts.id, params.id), eq(discounts.version, params.version)))
    .returning();
  if (updated) await recordDiscountChange(db, { ...by, source: 'scheme' }, before ?? null, updated);
  return updated;
}

/** Deletes a discount only if it still has the version the caller read; false when someone changed it since. */
export async function deleteDiscountAtVersion(
  db: WriteTx,
  params: { id: number; version: number },
  by: DiscountChangeBy,
): Promise<boolean> {
  const deleted = await db
    .delete(discounts)
    .where(and(eq(discounts.id, params.id), eq(discounts.version, params.version)))
    .returning();
  if (deleted[0]) await recordDiscountChange(db, { ...by, source: 'scheme' }, deleted[0], null);
  return deleted.length === 1;
}

/**
 * The concessions summary: per scheme, the students in it and the discounts it gives per head, for a
 * department, one course or one batch of it. Students count those in the scheme within the scope.
 */
export async function concessionsSummary(
  db: Reader,
  params: { departmentId: number; courseId?: number; batchId?: number },
) {
  const scope = and(
    eq(students.departmentId, params.departmentId),
    params.courseId === undefined ? undefined : eq(students.courseId, params.courseId),
    params.batchId === undefined ? undefined : eq(students.batchId, params.batchId),
  );
  const members = await db
    .select({ schemeId: concessionSchemes.id, scheme: concessionSchemes.name, students: count() })
    .from(concessionSchemeMembers)
    .innerJoin(concessionSchemes, eq(concessionSchemes.id, concessionSchemeMembers.schemeId))
    .innerJoin(students, eq(students.id, concessionSchemeMembers.studentId))
    .where(scope)
    .groupBy(concessionSchemes.id, concessionSchemes.name)
    .orderBy(asc(concessionSchemes.name));
  const heads = await db
    .select({
      schemeId: discounts.schemeId,
      feeHeadId: discounts.feeHeadId,
      feeHead: feeHeads.name,
      students: count(),
      discountPaise: sql<number>`sum(${discounts.discountPaise})`,
    })
    .from(discounts)
    .innerJoin(students, eq(students.id, discounts.studentId))
    .innerJoin(feeHeads, eq(feeHeads.id, discounts.feeHeadId))
    .where(and(scope, isNotNull(discounts.schemeId)))
    .groupBy(discounts.schemeId, discounts.feeHeadId, feeHeads.name)
    .orderBy(asc(feeHeads.name));
  return members.map((m) => {
    const own = heads.filter((h) => h.schemeId === m.schemeId).map(({ schemeId: _, ...h }) => h);
    return { ...m, heads: own, totalPaise: own.reduce((sum, h) => sum + h.discountPaise, 0) };
  });
}
