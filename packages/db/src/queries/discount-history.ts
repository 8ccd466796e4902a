/**
 * The dated history of discounts: each write that changes a discount records here, in its own transaction, what
 * changed for each student and head it touches, so the books can date concessions and the history always adds up
 * to the discounts as they are.
 */
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { discountChanges, discounts, students } from '../schema';

/** Who changes a discount, on which business day (yyyy-MM-dd), and whether by hand or through a scheme. */
export interface DiscountChangeBy {
  date: string;
  userId: number | null;
}

/** A discount as it was before a write or is after it (null: none). */
export interface DiscountState {
  studentId: number;
  feeHeadId: number;
  discountPaise: number;
  adjustmentPaise: number;
  schemeId?: number | null;
}

/**
 * Records a write that turned `before` into `after`: one row when the student and head stay (only if an amount
 * moved), or a withdrawal of the old pair and a grant of the new one when the write moved the discount.
 */
export async function recordDiscountChange(
  tx: WriteTx,
  by: DiscountChangeBy & { source: 'hand' | 'scheme' },
  before: DiscountState | null,
  after: DiscountState | null,
): Promise<void> {
  const samePair = before && after && before.studentId === after.studentId && before.feeHeadId === after.feeHeadId;
  const rows: { state: DiscountState; discount: number; adjustment: number }[] = [];
  if (samePair)
    rows.push({
      state: after,
      discount: after.discountPaise - before.discountPaise,
      adjustment: after.adjustmentPaise - before.adjustmentPaise,
    });
  else {
    if (before) rows.push({ state: before, discount: -before.discountPaise, adjustment: -before.adjustmentPaise });
    if (after) rows.push({ state: after, discount: after.discountPaise, adjustment: after.adjustmentPaise });
  }
  const schemeId = by.source === 'scheme' ? (after?.schemeId ?? before?.schemeId ?? null) : null;
  for (const row of rows) {
    if (row.discount === 0 && row.adjustment === 0) continue;
    const [student] = await tx
      .select({ departmentId: students.departmentId, batchId: students.batchId })
      .from(students)
      .where(eq(students.id, row.state.studentId));
    if (!student) continue;
    await tx.insert(discountChanges).values({
      departmentId: student.departmentId,
      studentId: row.state.studentId,
      batchId: student.batchId,
      feeHeadId: row.state.feeHeadId,
      discountChangePaise: row.discount,
      adjustmentChangePaise: row.adjustment,
      date: by.date,
      source: by.source,
      schemeId,
      userId: by.userId,
    });
  }
}

/** Per student and head, what the history adds up to, next to the discount as it is (for checking the two agree). */
export async function discountHistoryTotals(db: Reader) {
  const history = await db
    .select({
      studentId: discountChanges.studentId,
      feeHeadId: discountChanges.feeHeadId,
      discountPaise: sql<number>`CAST(SUM(${discountChanges.discountChangePaise}) AS integer)`.mapWith(Number),
      adjustmentPaise: sql<number>`CAST(SUM(${discountChanges.adjustmentChangePaise}) AS integer)`.mapWith(Number),
    })
    .from(discountChanges)
    .groupBy(discountChanges.studentId, discountChanges.feeHeadId);
  const current = await db
    .select({
      studentId: discounts.studentId,
      feeHeadId: discounts.feeHeadId,
      discountPaise: discounts.discountPaise,
      adjustmentPaise: discounts.adjustmentPaise,
    })
    .from(discounts);
  return { history, current };
}

/** What a change moved: the discount and the adjustment together, as a student's concession on the head. */
const changed = sql`${discountChanges.discountChangePaise} + ${discountChanges.adjustmentChangePaise}`;

/** A department's discount changes of a range of days, oldest first: what the books date concessions by. */
export async function discountChangesOf(db: Reader, params: { depId: number; from: string; to: string }) {
  return await db
    .select({
      date: discountChanges.date,
      feeHeadId: discountChanges.feeHeadId,
      changePaise: sql<number>`CAST(SUM(${changed}) AS integer)`.mapWith(Number),
    })
    .from(discountChanges)
    .where(
      and(
        eq(discountChanges.departmentId, params.depId),
        gte(discountChanges.date, params.from),
        lte(discountChanges.date, params.to),
      ),
    )
    .groupBy(discountChanges.date, discountChanges.feeHeadId)
    .orderBy(asc(discountChanges.date), asc(discountChanges.feeHeadId));
}
