import { type AdvanceSettlements, headsAfterTakeBack, takeBackPaise } from '@fees/money';
import { CHEQUE_BOUNCE_HEAD } from '@fees/validation';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Reader } from '../client';
import { bound, row, rows, textLiteral } from '../engines';
import { balanceOfColumns, sponsoredHeadSql } from './balance-sql';
import { owedStructureFeeSql, structureRowShownSql } from './optional-fee-sql';
import { carried } from './student-charges';
import { advanceSettlementsAsOf, takenBackOfStudentsSql } from './refunds';
import { valueList } from './value-list';

/**
 * A student's dues per fee head of their batch's fee structure and per head with an opening balance
 * (with opening balances): fee = the structure amount (an optional head: what the student's opt-ins make owed, and
 * listed only once opted in or used) + the opening balance;
 * discount = con_amt + less_amt (also given apart as discount and adjustment); sponsored = the sponsors' shares less
 * shortfalls (owed by the sponsor); paid = the head's lines on the student's LIVE receipts; balance = fee - discount -
 * sponsored - paid: what the student owes. A voided receipt counts
 * nowhere. All amounts are paise.
 */
export interface FeeBalanceRow {
  feeHeadId: number;
  feeHead: string;
  feePaise: number;
  /** con_amt */
  discountPaise: number;
  /** less_amt */
  adjustmentPaise: number;
  /** con_amt + less_amt: the spec's total_discount */
  totalDiscountPaise: number;
  /** Owed by sponsors, not the student ("expected from {sponsor}"). */
  sponsoredPaise: number;
  paidPaise: number;
  balancePaise: number;
  /** A head without a limit (Advance): see HeadBalance in @fees/money pricing.ts. */
  open?: boolean;
}

export type FeeBalanceTotals = Omit<FeeBalanceRow, 'feeHeadId' | 'feeHead'>;

/**
 * One row per fee head of the student's batch, then one per head outside it that carries an opening balance (Previous
 * dues) or a batch the student was promoted out of (carriedSql); either adds to its head's fee. Then the "Cheque
 * bounce charge" head when the student was charged for a bounced cheque or paid on it (fee = the charges of their
 * bounced cheques). Set-based, one statement per student. Paid comes from the running totals (student_head_paid, kept
 * by triggers on every receipt write). The bounce head's name is part of the text, not a parameter: once ANALYZE has
 * written sqlite_stat4, SQLite recompiles a statement at every run when a parameter meets an indexed column
 * (fee_heads.name), and compiling this one costs several times running it (every receipt reads it).
 */
function headsCte(studentId: Placeholder): SQL {
  const ob = carried(sql`${studentId}`);
  return sql`
  WITH heads AS (
    SELECT 0 AS part,
           fs.id AS sort_id,
           fs.fee_head_id AS "feeHeadId",
           fh.name AS "feeHead",
           ${sql.raw(owedStructureFeeSql('fs', 's.id'))} + COALESCE(ob.amount_paise, 0) AS "feePaise",
           COALESCE(d.discount_paise, 0) AS "discountPaise",
           COALESCE(d.adjustment_paise, 0) AS "adjustmentPaise",
           COALESCE(p.paid_paise, 0) AS "paidPaise"
    FROM students s
    JOIN fee_structures fs ON fs.batch_id = s.batch_id
    JOIN fee_heads fh ON fh.id = fs.fee_head_id
    LEFT JOIN (${ob}) ob ON ob.student_id = s.id AND ob.fee_head_id = fs.fee_head_id
    LEFT JOIN discounts d ON d.student_id = s.id AND d.fee_head_id = fs.fee_head_id
    LEFT JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = fs.fee_head_id
    WHERE s.id = ${studentId} AND ${sql.raw(structureRowShownSql('fs', 's.id'))}
    UNION ALL
    SELECT 1, ob.id, ob.fee_head_id, fh.name, ob.amount_paise,
           COALESCE(d.discount_paise, 0), COALESCE(d.adjustment_paise, 0), COALESCE(p.paid_paise, 0)
    FROM students s
    JOIN (${ob}) ob ON ob.student_id = s.id
    JOIN fee_heads fh ON fh.id = ob.fee_head_id
    LEFT JOIN discounts d ON d.student_id = s.id AND d.fee_head_id = ob.fee_head_id
    LEFT JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = ob.fee_head_id
    WHERE s.id = ${studentId}
      AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = s.batch_id
        AND fs.fee_head_id = ob.fee_head_id)
    UNION ALL
    SELECT 2, fh.id, fh.id, fh.name, ch.charge,
           COALESCE(d.discount_paise, 0), COALESCE(d.adjustment_paise, 0), COALESCE(p.paid_paise, 0)
    FROM students s
    JOIN fee_heads fh ON fh.name = ${sql.raw(textLiteral(CHEQUE_BOUNCE_HEAD))}
    CROSS JOIN (SELECT COALESCE(SUM(bounce_charge_paise), 0) AS charge FROM cheques
      WHERE student_id = ${studentId} AND status = 'bounced') ch
    LEFT JOIN discounts d ON d.student_id = s.id AND d.fee_head_id = fh.id
    LEFT JOIN student_head_paid p ON p.student_id = s.id AND p.fee_head_id = fh.id
    WHERE s.id = ${studentId} AND (ch.charge > 0 OR COALESCE(p.paid_paise, 0) <> 0)
      AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = s.batch_id AND fs.fee_head_id = fh.id)
      AND NOT EXISTS (SELECT 1 FROM (${ob}) ob WHERE ob.student_id = s.id AND ob.fee_head_id = fh.id)
  )`;
}

const balanceOfHead = sql.raw(balanceOfColumns('h', { sponsored: true }));

const withSponsored = (studentId: Placeholder) => sql`${headsCte(studentId)},
  sponsored AS (
    SELECT heads.*, ${sql.raw(sponsoredHeadSql('s.id', 'heads."feeHeadId"'))} AS "sponsoredPaise"
    FROM heads CROSS JOIN (SELECT id FROM students WHERE id = ${studentId}) s
  )`;

/** Every receipt reads a student's balances: the statement is built once (a long text), bound at each call. */
const BALANCE_ROWS = sql`${withSponsored(sql.placeholder('studentId'))}
  SELECT "feeHeadId", "feeHead", "feePaise", "discountPaise", "adjustmentPaise",
         "discountPaise" + "adjustmentPaise" AS "totalDiscountPaise",
         "sponsoredPaise",
         "paidPaise",
         ${balanceOfHead} AS "balancePaise"
  FROM sponsored h
  ORDER BY part, sort_id, "feeHeadId"`;

/**
 * The student's balance rows, in the order the fee structure was entered, then opening balances outside it, then a
 * bounce charge; what left the student's credit (settled from the advance, refunded) is taken back from them
 * (`takeBackPaise` in @fees/money): paid is what the foundation still holds on each head.
 */
export async function studentFeeBalances(db: Reader, studentId: number): Promise<FeeBalanceRow[]> {
  const heads = await studentBalanceRows(db, studentId);
  const settled = await takenBackOf(db, studentId);
  return settled ? headsAfterTakeBack(heads, settled.outsidePaise, settled) : heads;
}

export interface TakenBack extends AdvanceSettlements {
  outsidePaise: number;
  takenBackPaise: number;
}

/** The student's figures of takenBackOfStudentsSql (undefined when nothing was ever settled or refunded). */
export async function takenBackOf(db: Reader, studentId: number): Promise<TakenBack | undefined> {
  return await row<TakenBack>(
    db,
    takenBackOfStudentsSql(db, sql`SELECT id AS student_id FROM students WHERE id = ${studentId}`, sql`TRUE`),
  );
}

/**
 * What is taken back from each fee head (by fee head id) of each of `studentIds` (by student id) for what left the
 * credit up to `asOf` (settled from the advance, refunded), for the dues as of that day; heads and students with
 * nothing taken back are absent. The credit outside the fee and the settlements as of the day are read for all the
 * students at once, the balance rows student by student.
 */
export async function takeBacksAsOf(
  db: Reader,
  studentIds: readonly number[],
  asOf: string,
): Promise<Map<number, Map<number, number>>> {
  const takeBacks = new Map<number, Map<number, number>>();
  if (studentIds.length === 0) return takeBacks;
  const ids = valueList(studentIds);
  const outside = await rows<TakenBack & { student_id: number }>(
    db,
    takenBackOfStudentsSql(db, sql`SELECT id AS student_id FROM students WHERE id IN (${ids})`, sql`TRUE`),
  );
  const settledAsOf = await advanceSettlementsAsOf(db, studentIds, asOf);
  for (const now of outside) {
    const settled = settledAsOf.get(now.student_id)!;
    const taken = takeBackByHead(await studentBalanceRows(db, now.student_id), now.outsidePaise, settled);
    if (taken.size > 0) takeBacks.set(now.student_id, taken);
  }
  return takeBacks;
}

/** The student's balance rows before anything is taken back. */
function studentBalanceRows(db: Reader, studentId: number): Promise<FeeBalanceRow[]> {
  return rows<FeeBalanceRow>(db, bound(BALANCE_ROWS, { studentId }));
}

/** What `takeBackPaise` takes from each of the heads, summed by fee head id; heads it takes nothing from are absent. */
function takeBackByHead(
  heads: readonly FeeBalanceRow[],
  outsidePaise: number,
  settled: AdvanceSettlements,
): Map<number, number> {
  const taken = new Map<number, number>();
  const amounts = takeBackPaise(heads, outsidePaise, settled);
  for (const [k, h] of heads.entries())
    if (amounts[k]! > 0) taken.set(h.feeHeadId, (taken.get(h.feeHeadId) ?? 0) + amounts[k]!);
  return taken;
}

/** The same rows summed over heads (the Fees Info total balance). */
export async function studentFeeTotals(db: Reader, studentId: number): Promise<FeeBalanceTotals> {
  return feeBalanceTotals(await studentFeeBalances(db, studentId));
}

/** Balance rows summed over heads. */
export function feeBalanceTotals(heads: readonly FeeBalanceRow[]): FeeBalanceTotals {
  const sum = (
    key: 'feePaise' | 'discountPaise' | 'adjustmentPaise' | 'sponsoredPaise' | 'paidPaise' | 'balancePaise',
  ) => heads.reduce((total, h) => total + h[key], 0);
  return {
    feePaise: sum('feePaise'),
    discountPaise: sum('discountPaise'),
    adjustmentPaise: sum('adjustmentPaise'),
    totalDiscountPaise: sum('discountPaise') + sum('adjustmentPaise'),
    sponsoredPaise: sum('sponsoredPaise'),
    paidPaise: sum('paidPaise'),
    balancePaise: sum('balancePaise'),
  };
}
