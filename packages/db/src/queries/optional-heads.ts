import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { batches, feeHeads, feeStructures, optionalHeadOptIns, students } from '../schema';

/**
 * Opt-ins to optional heads (schema: optionalHeadOptIns); which instalments they make owed: @fees/money
 * optional.ts.
 */

export type OptInRow = typeof optionalHeadOptIns.$inferSelect;

/** Students by id, with their department and batch (the ones that exist). */
export async function studentsForOptIn(db: Reader, studentIds: readonly number[]) {
  if (studentIds.length === 0) return [];
  return await db
    .select({
      id: students.id,
      name: students.name,
      admissionNo: students.admissionNo,
      departmentId: students.departmentId,
      batchId: students.batchId,
      batchName: batches.name,
    })
    .from(students)
    .innerJoin(batches, eq(batches.id, students.batchId))
    .where(inArray(students.id, [...studentIds]));
}

/** The optional heads of some batches: their fee structure rows marked optional. */
export async function optionalHeadsOfBatches(db: Reader, batchIds: readonly number[]) {
  if (batchIds.length === 0) return [];
  return await db
    .select({
      batchId: feeStructures.batchId,
      feeHeadId: feeStructures.feeHeadId,
      feeHead: feeHeads.name,
      amountPaise: feeStructures.amountPaise,
    })
    .from(feeStructures)
    .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
    .where(and(inArray(feeStructures.batchId, [...batchIds]), eq(feeStructures.optional, 1)))
    .orderBy(asc(feeStructures.id));
}

/** The opt-ins of some students (to one head, when given), oldest spell first. */
export async function optInsOfStudents(db: Reader, params: { studentIds: readonly number[]; feeHeadId?: number }) {
  if (params.studentIds.length === 0) return [];
  return await db
    .select()
    .from(optionalHeadOptIns)
    .where(
      and(
        inArray(optionalHeadOptIns.studentId, [...params.studentIds]),
        params.feeHeadId === undefined ? undefined : eq(optionalHeadOptIns.feeHeadId, params.feeHeadId),
      ),
    )
    .orderBy(asc(optionalHeadOptIns.studentId), asc(optionalHeadOptIns.fromDate));
}

/** The students of a batch in admission number order with each one's opt-ins. */
export async function optInsOfBatch(db: Reader, batchId: number) {
  const list = await db
    .select({ id: students.id, admissionNo: students.admissionNo, name: students.name })
    .from(students)
    .where(eq(students.batchId, batchId))
    .orderBy(asc(students.admissionNo));
  const spells = await db
    .select({
      id: optionalHeadOptIns.id,
      studentId: optionalHeadOptIns.studentId,
      feeHeadId: optionalHeadOptIns.feeHeadId,
      from: optionalHeadOptIns.fromDate,
      to: optionalHeadOptIns.toDate,
    })
    .from(optionalHeadOptIns)
    .innerJoin(students, eq(students.id, optionalHeadOptIns.studentId))
    .where(eq(students.batchId, batchId))
    .orderBy(asc(optionalHeadOptIns.fromDate), asc(optionalHeadOptIns.id));
  const of = new Map<number, Array<(typeof spells)[number]>>();
  for (const s of spells) of.set(s.studentId, [...(of.get(s.studentId) ?? []), s]);
  return list.map((s) => ({ ...s, optIns: (of.get(s.id) ?? []).map(({ studentId: _, ...o }) => o) }));
}

export async function findOptIn(db: Reader, id: number) {
  return (
    (
      await db
        .select({
          id: optionalHeadOptIns.id,
          studentId: optionalHeadOptIns.studentId,
          feeHeadId: optionalHeadOptIns.feeHeadId,
          fromDate: optionalHeadOptIns.fromDate,
          toDate: optionalHeadOptIns.toDate,
          departmentId: students.departmentId,
          studentName: students.name,
          feeHead: feeHeads.name,
        })
        .from(optionalHeadOptIns)
        .innerJoin(students, eq(students.id, optionalHeadOptIns.studentId))
        .innerJoin(feeHeads, eq(feeHeads.id, optionalHeadOptIns.feeHeadId))
        .where(eq(optionalHeadOptIns.id, id))
        .limit(1)
    )[0] ?? null
  );
}

export async function insertOptIns(
  tx: WriteTx,
  values: ReadonlyArray<Pick<OptInRow, 'studentId' | 'feeHeadId' | 'fromDate' | 'toDate' | 'createdBy'>>,
): Promise<OptInRow[]> {
  if (values.length === 0) return [];
  return await tx
    .insert(optionalHeadOptIns)
    .values([...values])
    .returning();
}

export async function setOptInEnd(tx: WriteTx, params: { id: number; toDate: string | null }): Promise<void> {
  await tx.update(optionalHeadOptIns).set({ toDate: params.toDate }).where(eq(optionalHeadOptIns.id, params.id));
}

export async function deleteOptIn(tx: WriteTx, id: number): Promise<void> {
  await tx.delete(optionalHeadOptIns).where(eq(optionalHeadOptIns.id, id));
}
