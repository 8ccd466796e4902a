import { SPECIAL_HEADS } from '@fees/validation';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { bound, row, rows } from '../engines';
import { balanceSql } from './balance-sql';
import {
  batches,
  courses,
  discounts,
  feeHeads,
  feeStructures,
  openingBalances,
  receiptLines,
  receipts,
  studentHeadPaid,
  students,
} from '../schema';
import { timestampNow } from './now';
import { promotedOn } from './student-charges';

/**
 * Every fee head with how many batches charge it and whether anything (a fee structure, a discount
 * or a receipt line, voided or not) refers to it; only unused heads can be deleted.
 */
export async function listFeeHeadsWithUsage(db: Reader) {
  // Qualified by hand: in a single-table select drizzle prints bare column names, which the
  // correlated subqueries below would resolve to their own tables.
  const headId = sql`${feeHeads}.${sql.identifier('id')}`;
  return await db
    .select({
      id: feeHeads.id,
      name: feeHeads.name,
      gstTreatment: feeHeads.gstTreatment,
      gstRateBasisPoints: feeHeads.gstRateBasisPoints,
      gstCode: feeHeads.gstCode,
      batchCount: sql<number>`(select count(*) from ${feeStructures} where ${feeStructures.feeHeadId} = ${headId})`,
      inUse: sql<boolean>`(exists(select 1 from ${feeStructures} where ${feeStructures.feeHeadId} = ${headId})
        or exists(select 1 from ${discounts} where ${discounts.feeHeadId} = ${headId})
        or exists(select 1 from ${receiptLines} where ${receiptLines.feeHeadId} = ${headId}))`.mapWith(Boolean),
    })
    .from(feeHeads)
    .orderBy(asc(feeHeads.name));
}

export async function findFeeHead(db: Reader, id: number) {
  return (await db.select().from(feeHeads).where(eq(feeHeads.id, id)).limit(1))[0] ?? null;
}

/** Another head with this name, ignoring case. */
export async function findFeeHeadByName(db: Reader, params: { name: string; exceptId?: number }) {
  return (
    (
      await db
        .select()
        .from(feeHeads)
        .where(
          and(
            sql`lower(${feeHeads.name}) = lower(${params.name})`,
            params.exceptId === undefined ? undefined : ne(feeHeads.id, params.exceptId),
          ),
        )
        .limit(1)
    )[0] ?? null
  );
}

/** How many fee structures, discounts, receipt lines and opening balances refer to a head. */
export async function feeHeadUsage(db: Reader, id: number) {
  return (await row<{ structures: number; discounts: number; receiptLines: number; openingBalances: number }>(
    db,
    sql`select
      (select count(*) from ${feeStructures} where ${feeStructures.feeHeadId} = ${id}) as structures,
      (select count(*) from ${discounts} where ${discounts.feeHeadId} = ${id}) as discounts,
      (select count(*) from ${receiptLines} where ${receiptLines.feeHeadId} = ${id}) as "receiptLines",
      (select count(*) from ${openingBalances} where ${openingBalances.feeHeadId} = ${id}) as "openingBalances"`,
  ))!;
}

/** A head's GST as stored: exempt (rate 0, no code) or taxable at a rate with its SAC or HSN code. */
export type FeeHeadGst = Pick<typeof feeHeads.$inferSelect, 'gstTreatment' | 'gstRateBasisPoints' | 'gstCode'>;

export async function insertFeeHead(db: WriteTx, name: string, gst?: FeeHeadGst) {
  return (
    await db
      .insert(feeHeads)
      .values({ name, ...gst })
      .returning()
  )[0]!;
}

/** Renames a head and, when given, sets its GST treatment (receipts issued from now on take it). */
export async function renameFeeHead(db: WriteTx, params: { id: number; name: string; gst?: FeeHeadGst }) {
  return (
    await db
      .update(feeHeads)
      .set({ name: params.name, ...params.gst })
      .where(eq(feeHeads.id, params.id))
      .returning()
  )[0]!;
}

/** Sets a head's GST treatment; returns the head as it was and as it is. */
export async function setFeeHeadGst(db: WriteTx, params: { id: number; gst: FeeHeadGst }) {
  return (await db.update(feeHeads).set(params.gst).where(eq(feeHeads.id, params.id)).returning())[0] ?? null;
}

const TAXABLE_HEADS = sql`SELECT id, gst_rate_basis_points AS "rateBasisPoints", gst_code AS code
  FROM fee_heads WHERE gst_treatment = 'taxable'`;

/**
 * The taxable heads with their rate and code, by id: what a receipt issued now charges (a head not in it is
 * exempt). Heads are few; the counter and the receipt's check read them all in one statement, built once.
 */
export async function taxableFeeHeads(
  db: Reader,
): Promise<Map<number, { rateBasisPoints: number; code: string | null }>> {
  const found = await rows<{ id: number; rateBasisPoints: number; code: string | null }>(db, bound(TAXABLE_HEADS, {}));
  return new Map(found.map(({ id, ...tax }) => [id, tax]));
}

export async function deleteFeeHead(db: WriteTx, id: number): Promise<void> {
  await db.delete(feeHeads).where(eq(feeHeads.id, id));
}

const structureColumns = {
  id: feeStructures.id,
  batchId: feeStructures.batchId,
  feeHeadId: feeStructures.feeHeadId,
  amountPaise: feeStructures.amountPaise,
  startDate: feeStructures.startDate,
  endDate: feeStructures.endDate,
  optional: feeStructures.optional,
};

/**
 * A department's fee structures with batch, course and head names, and each batch's total
 * (a window sum), ordered by course, batch and entry.
 */
export async function listFeeStructures(db: Reader, params: { departmentId: number }) {
  return await db
    .select({
      ...structureColumns,
      batchName: batches.name,
      courseId: batches.courseId,
      courseName: courses.name,
      feeHeadName: feeHeads.name,
      batchTotalPaise: sql<number>`sum(${feeStructures.amountPaise}) over (partition by ${feeStructures.batchId})`,
    })
    .from(feeStructures)
    .innerJoin(batches, eq(batches.id, feeStructures.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
    .where(eq(batches.departmentId, params.departmentId))
    .orderBy(asc(batches.courseId), desc(batches.startDate), asc(batches.name), asc(feeStructures.id));
}

/** The fee heads and amounts of one batch, in the order they were set up (receipt entry, /api/getfh). */
export async function listFeeStructuresByBatch(db: Reader, params: { batchId: number }) {
  return await db
    .select({ ...structureColumns, feeHeadName: feeHeads.name })
    .from(feeStructures)
    .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
    .where(eq(feeStructures.batchId, params.batchId))
    .orderBy(asc(feeStructures.id));
}

/**
 * Fee structure rows over a head charged by its own rule (Advance, Late fee, Previous dues, Cheque
 * bounce charge), which no screen or path accepts any more but older versions did: kept as they are,
 * reported at start and on the admin dashboard until an admin removes them.
 */
export async function structuresOnSpecialHeads(db: Reader) {
  return await db
    .select({
      id: feeStructures.id,
      departmentId: batches.departmentId,
      courseName: courses.name,
      batchName: batches.name,
      feeHeadName: feeHeads.name,
      amountPaise: feeStructures.amountPaise,
    })
    .from(feeStructures)
    .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
    .innerJoin(batches, eq(batches.id, feeStructures.batchId))
    .innerJoin(courses, eq(courses.id, batches.courseId))
    .where(inArray(feeHeads.name, [...SPECIAL_HEADS]))
    .orderBy(asc(batches.departmentId), asc(courses.name), asc(batches.name), asc(feeHeads.name));
}

/** One fee structure row with its batch's department and course and the names shown on screens. */
export async function findFeeStructure(db: Reader, id: number) {
  return (
    (
      await db
        .select({
          ...structureColumns,
          departmentId: batches.departmentId,
          courseId: batches.courseId,
          batchName: batches.name,
          courseName: courses.name,
          feeHeadName: feeHeads.name,
          version: feeStructures.version,
          updatedAt: feeStructures.updatedAt,
        })
        .from(feeStructures)
        .innerJoin(batches, eq(batches.id, feeStructures.batchId))
        .innerJoin(courses, eq(courses.id, batches.courseId))
        .innerJoin(feeHeads, eq(feeHeads.id, feeStructures.feeHeadId))
        .where(eq(feeStructures.id, id))
        .limit(1)
    )[0] ?? null
  );
}

/** The structure row charging this head to this batch (at most one), optionally other than one id. */
export async function findFeeStructureForHead(
  db: Reader,
  params: { batchId: number; feeHeadId: number; exceptId?: number },
) {
  return (
    (
      await db
        .select(structureColumns)
        .from(feeStructures)
        .where(
          and(
            eq(feeStructures.batchId, params.batchId),
            eq(feeStructures.feeHeadId, params.feeHeadId),
            params.exceptId === undefined ? undefined : ne(feeStructures.id, params.exceptId),
          ),
        )
        .limit(1)
    )[0] ?? null
  );
}

/**
 * What depends on a head being charged to a batch: live receipt lines of the batch for the head,
 * discounts of the batch's students for it, and the largest discount plus adjustment among them.
 */
export async function feeStructureDependents(db: Reader, params: { batchId: number; feeHeadId: number }) {
  return (await row<{ liveReceiptLines: number; discounts: number; largestDiscountPaise: number }>(
    db,
    sql`select
      (select count(*) from ${receiptLines}
         join ${receipts} on ${receipts.id} = ${receiptLines.receiptId}
        where ${receipts.batchId} = ${params.batchId} and ${receiptLines.feeHeadId} = ${params.feeHeadId}
          and ${receipts.status} = 'live') as "liveReceiptLines",
      count(${discounts.id}) as discounts,
      coalesce(max(${discounts.discountPaise} + ${discounts.adjustmentPaise}), 0) as "largestDiscountPaise"
    from ${discounts}
    join ${students} on ${students.id} = ${discounts.studentId}
    where ${students.batchId} = ${params.batchId} and ${discounts.feeHeadId} = ${params.feeHeadId}`,
  ))!;
}

export type FeeStructureRow = Pick<
  typeof feeStructures.$inferSelect,
  'batchId' | 'feeHeadId' | 'amountPaise' | 'startDate' | 'endDate' | 'optional'
>;

export async function insertFeeStructure(db: WriteTx, row: FeeStructureRow) {
  return (await db.insert(feeStructures).values(row).returning())[0]!;
}

export async function updateFeeStructure(db: WriteTx, params: FeeStructureRow & { id: number }) {
  const { id, ...row } = params;
  return (
    await db
      .update(feeStructures)
      .set({ ...row, version: sql`${feeStructures.version} + 1`, updatedAt: timestampNow() })
      .where(eq(feeStructures.id, id))
      .returning()
  )[0]!;
}

export async function deleteFeeStructure(db: WriteTx, id: number): Promise<void> {
  await db.delete(feeStructures).where(eq(feeStructures.id, id));
}

/** What a student has paid on one head (lines of live receipts), from the running totals. */
/**
 * Paid on a head (live receipts) and what adds to its fee beside the structure's amount (the opening balance, the
 * batches the student was promoted out of), for a balance check.
 */
export async function paidAndOpeningOnHead(
  db: Reader,
  params: { studentId: number; feeHeadId: number },
): Promise<{ paidPaise: number; openingPaise: number }> {
  const paid =
    (
      await db
        .select({ paid: studentHeadPaid.paidPaise })
        .from(studentHeadPaid)
        .where(and(eq(studentHeadPaid.studentId, params.studentId), eq(studentHeadPaid.feeHeadId, params.feeHeadId)))
        .limit(1)
    )[0]?.paid ?? 0;
  const opening =
    (
      await db
        .select({ amount: openingBalances.amountPaise })
        .from(openingBalances)
        .where(and(eq(openingBalances.studentId, params.studentId), eq(openingBalances.feeHeadId, params.feeHeadId)))
        .limit(1)
    )[0]?.amount ?? 0;
  // The batches the student was promoted out of add to the head's fee as an opening balance does.
  const promoted = await row<{ amount: number }>(
    db,
    sql`SELECT ${promotedOn(sql`${params.studentId}`, sql`${params.feeHeadId}`)} AS amount`,
  );
  return { paidPaise: paid, openingPaise: opening + Number(promoted?.amount ?? 0) };
}

/** balancesBelowZero's statement over a batch, a head and the fee asked for. */
const balancesBelowZeroSql = ({
  batchId,
  feeHeadId,
  feePaise,
}: {
  batchId: number;
  feeHeadId: number;
  feePaise: number;
}) => sql`
  SELECT COUNT(*) AS students, MIN(balance) AS "lowestPaise" FROM (
    SELECT ${balanceSql({
      fee: sql`${feePaise} + COALESCE(ob.amount_paise, 0) + ${promotedOn(sql.raw('s.id'), sql`${feeHeadId}`)}`,
      discount: 'COALESCE(d.discount_paise, 0)',
      adjustment: 'COALESCE(d.adjustment_paise, 0)',
      paid: 'COALESCE(p.paid_paise, 0)',
    })} AS balance
    FROM students s
    LEFT JOIN opening_balances ob ON ob.student_id = s.id AND ob.fee_head_id = ${feeHeadId}
    LEFT JOIN discounts d ON d.student_id = s.id AND d.fee_head_id = ${feeHeadId}
    LEFT JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = ${feeHeadId}
    WHERE s.batch_id = ${batchId}
  ) AS balances WHERE balance < 0`;

/**
 * The students of a batch whose balance on a head (an opening balance included) would be below zero at this fee: how
 * many, and the lowest balance.
 */
export async function balancesBelowZero(
  db: Reader,
  params: { batchId: number; feeHeadId: number; feePaise: number },
): Promise<{ students: number; lowestPaise: number }> {
  const found = await row<{ students: number; lowestPaise: number | null }>(db, balancesBelowZeroSql(params));
  return { students: found?.students ?? 0, lowestPaise: found?.lowestPaise ?? 0 };
}
