/**
 * Refund vouchers and the figures a student's advance is computed from (the rule itself lives in
 * @fees/money advance.ts). Amounts are integer paise.
 */
import { ADVANCE_HEAD, CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD, type TRefundMode } from '@fees/validation';
import type { AdvanceHead, AdvanceSettlements } from '@fees/money';
import { type SQL, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { engineSql, row, rows, run, textLiteral } from '../engines';
import { balanceSql, sponsoredHeadSql } from './balance-sql';
import { containsText } from './like';
import { structureFeeSql } from './optional-fee-sql';
import { promotedHasSql, promotedOnSql } from './student-charges';
import type { refunds } from '../schema';
import { timestampNow } from './now';
import { valueList } from './value-list';

/** The next refund number, bumped inside the caller's transaction: unique, increasing, no gaps. */
export async function allocateRefundNumber(db: WriteTx): Promise<number> {
  return (await row<{ n: number }>(
    db,
    sql`UPDATE refund_number_sequence SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number AS n`,
  ))!.n;
}

export type NewRefund = Omit<
  typeof refunds.$inferSelect,
  'id' | 'status' | 'createdAt' | 'voidedAt' | 'voidedBy' | 'voidReason' | 'version'
>;

export async function insertRefund(db: WriteTx, r: NewRefund): Promise<number> {
  return (await row<{ id: number }>(
    db,
    sql`INSERT INTO refunds (number, department_id, course_id, batch_id, student_id, date, student_name, amount_paise,
       payment_mode, payment_reference, reason, created_by)
     VALUES (${r.number}, ${r.departmentId}, ${r.courseId}, ${r.batchId}, ${r.studentId}, ${r.date}, ${r.studentName},
       ${r.amountPaise},
       ${r.paymentMode}, ${r.paymentReference}, ${r.reason}, ${r.createdBy})
     RETURNING id`,
  ))!.id;
}

/**
 * A refund voucher with what its printout names: department, course, batch, admission no, who wrote and voided it,
 * letterhead.
 */
export type StoredRefund = Omit<typeof refunds.$inferSelect, 'courseId' | 'batchId' | 'createdBy' | 'voidedBy'> & {
  departmentName: string;
  courseName: string;
  batchName: string;
  admissionNo: string;
  createdByEmail: string | null;
  /** Display names (null once the account was deleted): the voucher prints "Paid out by {name}". */
  createdByName: string | null;
  voidedByEmail: string | null;
  voidedByName: string | null;
  letterheadName: string;
  letterheadAddress: string;
  letterheadPhone: string;
};

const REFUND_COLUMNS = sql`
  SELECT f.id, f.number, f.status, f.date, f.department_id AS "departmentId", dep.name AS "departmentName",
         c.name AS "courseName", b.name AS "batchName", f.student_id AS "studentId", s.admission_no AS "admissionNo",
         f.student_name AS "studentName", f.amount_paise AS "amountPaise", f.payment_mode AS "paymentMode",
         f.payment_reference AS "paymentReference", f.reason, f.created_at AS "createdAt", cu.email AS "createdByEmail",
         cu.name AS "createdByName", f.voided_at AS "voidedAt", vu.email AS "voidedByEmail", vu.name AS "voidedByName",
         f.void_reason AS "voidReason", f.version,
         COALESCE(lh.institution_name, dep.name) AS "letterheadName",
         COALESCE(lh.address, '') AS "letterheadAddress", COALESCE(lh.phone, '') AS "letterheadPhone"
  FROM refunds f
  JOIN departments dep ON dep.id = f.department_id
  JOIN courses c ON c.id = f.course_id
  JOIN batches b ON b.id = f.batch_id
  JOIN students s ON s.id = f.student_id
  LEFT JOIN letterheads lh ON lh.department_id = f.department_id
  LEFT JOIN users cu ON cu.id = f.created_by
  LEFT JOIN users vu ON vu.id = f.voided_by`;

export async function findRefundByNumber(db: Reader, number: number): Promise<StoredRefund | null> {
  return (await row<StoredRefund>(db, sql`${REFUND_COLUMNS} WHERE f.number = ${number}`)) ?? null;
}

/** A department's refunds (live and voided) dated from..to, newest first. */
export async function listRefunds(
  db: Reader,
  params: { depId: number; from: string; to: string },
): Promise<StoredRefund[]> {
  return await rows<StoredRefund>(
    db,
    sql`${REFUND_COLUMNS} WHERE f.department_id = ${params.depId} AND f.date BETWEEN ${params.from} AND ${params.to}
         ORDER BY f.date DESC, f.number DESC`,
  );
}

/** Which refunds a report covers: a period, one department or all, and optionally a status, a mode and a search. */
export interface RefundFilter {
  depId?: number;
  from: string;
  to: string;
  status?: 'live' | 'voided';
  paymentMode?: TRefundMode;
  /** Part of the admission number or of the student's name. */
  text?: string;
}

/** The filter's conditions on f = refunds and s = students; each only when asked for. */
function refundConditions(db: Reader, filter: RefundFilter): SQL {
  return sql.join(
    [
      sql`f.date BETWEEN ${filter.from} AND ${filter.to}`,
      filter.depId === undefined ? null : sql`f.department_id = ${filter.depId}`,
      filter.status === undefined ? null : sql`f.status = ${filter.status}`,
      filter.paymentMode === undefined ? null : sql`f.payment_mode = ${filter.paymentMode}`,
      filter.text ? containsText(db, ['s.admission_no', 'f.student_name'], filter.text) : null,
    ].filter((c): c is SQL => c !== null),
    sql` AND `,
  );
}

/** The refunds a report covers, newest first, at most `limit`. */
export async function refundsOfReport(db: Reader, filter: RefundFilter & { limit: number }): Promise<StoredRefund[]> {
  return await rows<StoredRefund>(
    db,
    sql`${REFUND_COLUMNS} WHERE ${refundConditions(db, filter)}
         ORDER BY f.date DESC, f.number DESC LIMIT ${filter.limit}`,
  );
}

export interface RefundGroup {
  depId: number;
  status: 'live' | 'voided';
  paymentMode: TRefundMode;
  count: number;
  amountPaise: number;
}

/** Count and amount of every refund the report covers, by department, status and mode (the report's totals). */
export async function refundGroups(db: Reader, filter: RefundFilter): Promise<RefundGroup[]> {
  return await rows<RefundGroup>(
    db,
    sql`
    SELECT f.department_id AS "depId", f.status AS status, f.payment_mode AS "paymentMode",
      COUNT(*) AS count, SUM(f.amount_paise) AS "amountPaise"
    FROM refunds f JOIN students s ON s.id = f.student_id
    WHERE ${refundConditions(db, filter)}
    GROUP BY f.department_id, f.status, f.payment_mode
    ORDER BY f.department_id, f.status, f.payment_mode`,
  );
}

/** A student's refunds, oldest first (the statement). */
export async function listStudentRefunds(db: Reader, studentId: number): Promise<StoredRefund[]> {
  return await rows<StoredRefund>(
    db,
    sql`${REFUND_COLUMNS} WHERE f.student_id = ${studentId} ORDER BY f.date, f.number`,
  );
}

/** Marks a live refund voided (keeps its row and number); the void time, or null when it was not live. */
/** lockStudentForReceipt (receipts.ts) for the student of a refund given by its number. */
export async function lockStudentOfRefund(db: WriteTx, number: number): Promise<void> {
  await run(
    db,
    sql`UPDATE students SET version = version WHERE id = (SELECT student_id FROM refunds WHERE number = ${number})`,
  );
}

export async function markRefundVoided(
  db: WriteTx,
  params: { refundId: number; userId: number | null; reason: string },
): Promise<string | null> {
  return (
    (
      await row<{ voidedAt: string }>(
        db,
        sql`UPDATE refunds SET status = 'voided', voided_by = ${params.userId}, void_reason = ${params.reason},
         voided_at = ${timestampNow()}, version = version + 1
       WHERE id = ${params.refundId} AND status = 'live'
       RETURNING voided_at AS "voidedAt"`,
      )
    )?.voidedAt ?? null
  );
}

const CREDIT_BALANCE = balanceSql({ fee: 'h.fee', discount: 'h.discount', adjustment: 'h.adjustment', paid: 'h.paid' });

/**
 * Per student of `sel` (a SELECT of students' id and batch_id), every head they hold a credit on (a
 * balance below zero: the only heads the advance counts), except the Late fee, whose fee is the fines
 * as of a date (the plans code adds it). A head's fee is its structure amount (an optional head: what the student's
 * opt-ins make owed, structureFeeSql; for a head outside the
 * structure, the charges of the student's bounced cheques on the Cheque bounce charge head, as on Fees
 * Info) plus any opening balance and the structures of the batches the student was promoted out of, less what
 * sponsors stand for on it (their shares less shortfalls: owed by the sponsor, not the family); paid is pre-tax, from
 * live receipts. So a family that paid what a sponsor covers holds that as a credit, whether or not the sponsor has
 * paid yet: the credit is what they paid beyond what they owe, the balance Fees Info shows below zero.
 *
 * Only a head with something against its fee can hold a credit, so the heads are read from the
 * student's own rows, each (student, head) once and without grouping: those paid on, then those only
 * discounted, then those only given an opening balance; a structure head with none of those is in
 * credit only when its amount is below zero, and a head with nothing but bounced cheques only when
 * their charges add up below zero (a cheque without a charge leaves that head out, as on Fees Info).
 * Every other row of a source is found by its unique (student, head) or (batch, head) key; summing all
 * of every source per student and head first cost the 20,000-student course's dues report about
 * 250 ms of sorting on SQLite.
 *
 * Written without WITH (each part reads `sel` as a subquery of its own) because SQLite allows no WITH in
 * a trigger, and student_money's triggers run this for one student (student-money.ts).
 */
export function advanceHeadsSql(sel: string): string {
  const bounceHead = `SELECT id FROM fee_heads WHERE name = ${textLiteral(CHEQUE_BOUNCE_HEAD)}`;
  const lateFeeHead = `SELECT id FROM fee_heads WHERE name = ${textLiteral(LATE_FEE_HEAD)}`;
  const students = `(${sel}) sel`;
  const bounced = (student: string) => `FROM cheques c WHERE c.student_id = ${student} AND c.status = 'bounced'`;
  const has = (table: string, student: string, head: string) =>
    `EXISTS (SELECT 1 FROM ${table} WHERE ${table}.student_id = ${student} AND ${table}.fee_head_id = ${head})`;
  const paidOn = (student: string, head: string) => has('student_head_paid', student, head);
  const discountedOn = (student: string, head: string) => has('discounts', student, head);
  // An opening balance and the batches the student was promoted out of add to a head's fee alike.
  const openedOn = (student: string, head: string) =>
    `(${has('opening_balances', student, head)} OR ${promotedHasSql(student, head)})`;
  const k = `
       SELECT p.student_id, sel.batch_id, p.fee_head_id,
         COALESCE(ob.amount_paise, 0) + ${promotedOnSql('p.student_id', 'p.fee_head_id')} AS opening,
         COALESCE(d.discount_paise, 0) AS discount, COALESCE(d.adjustment_paise, 0) AS adjustment, p.paid_paise AS paid
       FROM ${students} JOIN student_head_paid p ON p.student_id = sel.id
       LEFT JOIN discounts d ON d.student_id = p.student_id AND d.fee_head_id = p.fee_head_id
       LEFT JOIN opening_balances ob ON ob.student_id = p.student_id AND ob.fee_head_id = p.fee_head_id
       UNION ALL
       SELECT d.student_id, sel.batch_id, d.fee_head_id,
         COALESCE(ob.amount_paise, 0) + ${promotedOnSql('d.student_id', 'd.fee_head_id')},
         d.discount_paise, d.adjustment_paise, 0
       FROM ${students} JOIN discounts d ON d.student_id = sel.id
       LEFT JOIN opening_balances ob ON ob.student_id = d.student_id AND ob.fee_head_id = d.fee_head_id
       WHERE NOT ${paidOn('d.student_id', 'd.fee_head_id')}
       UNION ALL
       SELECT ob.student_id, sel.batch_id, ob.fee_head_id,
         ob.amount_paise + ${promotedOnSql('ob.student_id', 'ob.fee_head_id')}, 0, 0, 0
       FROM ${students} JOIN opening_balances ob ON ob.student_id = sel.id
       WHERE NOT ${paidOn('ob.student_id', 'ob.fee_head_id')} AND NOT ${discountedOn('ob.student_id', 'ob.fee_head_id')}
       UNION ALL
       SELECT DISTINCT e.student_id, sel.batch_id, efs.fee_head_id,
         ${promotedOnSql('e.student_id', 'efs.fee_head_id')}, 0, 0, 0
       FROM ${students} JOIN enrolments e ON e.student_id = sel.id AND e.status = 'promoted'
       JOIN fee_structures efs ON efs.batch_id = e.batch_id
       WHERE NOT ${paidOn('e.student_id', 'efs.fee_head_id')} AND NOT ${discountedOn('e.student_id', 'efs.fee_head_id')}
         AND NOT ${has('opening_balances', 'e.student_id', 'efs.fee_head_id')}
       UNION ALL
       SELECT sel.id, sel.batch_id, fs.fee_head_id, 0, 0, 0, 0
       FROM ${students} JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.amount_paise < 0
       WHERE NOT ${paidOn('sel.id', 'fs.fee_head_id')} AND NOT ${discountedOn('sel.id', 'fs.fee_head_id')}
         AND NOT ${openedOn('sel.id', 'fs.fee_head_id')}
       UNION ALL
       SELECT sel.id, sel.batch_id, fh.id, 0, 0, 0, 0
       FROM ${students} JOIN fee_heads fh ON fh.name = ${textLiteral(CHEQUE_BOUNCE_HEAD)}
       WHERE EXISTS (SELECT 1 ${bounced('sel.id')} AND c.bounce_charge_paise > 0)
         AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = sel.batch_id AND fs.fee_head_id = fh.id)
         AND NOT ${paidOn('sel.id', 'fh.id')} AND NOT ${discountedOn('sel.id', 'fh.id')}
         AND NOT ${openedOn('sel.id', 'fh.id')}`;
  return `SELECT h.student_id AS "studentId", h.fee AS "feePaise", h.discount AS "discountPaise",
       h.adjustment AS "adjustmentPaise", h.paid AS "paidPaise"
     FROM (
       SELECT k.student_id, k.discount, k.adjustment, k.paid,
              k.opening + CASE WHEN fs.id IS NOT NULL THEN ${structureFeeSql('fs', 'k.student_id')}
                WHEN k.fee_head_id IN (${bounceHead})
                  THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) ${bounced('k.student_id')})
                ELSE 0 END
              - ${sponsoredHeadSql('k.student_id', 'k.fee_head_id')} AS fee
       FROM (${k}) k LEFT JOIN fee_structures fs ON fs.batch_id = k.batch_id AND fs.fee_head_id = k.fee_head_id
       WHERE k.fee_head_id NOT IN (${lateFeeHead})
     ) h
     WHERE ${CREDIT_BALANCE} < 0`;
}

/**
 * Per student of `sel`: their live "Adjusted from advance" receipts' total and their live refunds', or only those
 * dated up to `lastDay` (a text of the statement naming the day) when given.
 */
export function settlementsSql(sel: string, lastDay?: string): string {
  const upTo = lastDay === undefined ? '' : ` AND date <= ${lastDay}`;
  return `SELECT sel.id AS "studentId",
            (SELECT COALESCE(SUM(total_paise), 0) FROM receipts
              WHERE student_id = sel.id AND status = 'live' AND payment_mode = 'advance'${upTo}) AS "appliedPaise",
            (SELECT COALESCE(SUM(amount_paise), 0) FROM refunds
              WHERE student_id = sel.id AND status = 'live'${upTo}) AS "refundedPaise"
     FROM (${sel}) sel`;
}

/**
 * Where the student's id goes in a text built for `sel` (the texts are shared with student_money's triggers,
 * which read it from NEW).
 */
const STUDENT_ID = '{studentId}';
const ONE_STUDENT = `SELECT id, batch_id FROM students WHERE id = ${STUDENT_ID}`;
/** Where the last day of an as-of reading goes in a text. */
const AS_OF = '{asOf}';

/** A text as a template binding each token of `values` wherever the text reads it. */
function bindTokens(text: string, values: Record<string, SQL>): SQL {
  return sql.join(
    text.split(/(\{\w+\})/).map((part) => values[part] ?? sql.raw(part)),
    sql``,
  );
}

/** A text over ONE_STUDENT as a template binding `studentId` wherever the text reads it. */
function ofOneStudent(text: string, studentId: number): SQL {
  return bindTokens(text, { [STUDENT_ID]: sql`${studentId}` });
}

/** The student's heads as the advance sees them (see advanceHeadsSql). */
export async function studentAdvanceHeads(db: Reader, studentId: number): Promise<AdvanceHead[]> {
  return await rows<AdvanceHead>(db, ofOneStudent(advanceHeadsSql(ONE_STUDENT), studentId));
}

/** What the student's live "Adjusted from advance" receipts settled and their live refunds paid out. */
export async function studentAdvanceSettlements(db: Reader, studentId: number): Promise<AdvanceSettlements> {
  return (await row<AdvanceSettlements>(db, ofOneStudent(settlementsSql(ONE_STUDENT), studentId)))!;
}

/** What studentAdvanceSettlements reads, of each of `studentIds` (by student id), dated up to `asOf`: one statement. */
export async function advanceSettlementsAsOf(
  db: Reader,
  studentIds: readonly number[],
  asOf: string,
): Promise<Map<number, AdvanceSettlements>> {
  if (studentIds.length === 0) return new Map();
  const STUDENT_IDS = '{studentIds}';
  const text = settlementsSql(`SELECT id FROM students WHERE id IN (${STUDENT_IDS})`, AS_OF);
  const ids = valueList(studentIds);
  const found = await rows<AdvanceSettlements & { studentId: number }>(
    db,
    bindTokens(text, { [STUDENT_IDS]: ids, [AS_OF]: sql`${asOf}` }),
  );
  return new Map(
    found.map(({ studentId, appliedPaise, refundedPaise }) => [studentId, { appliedPaise, refundedPaise }]),
  );
}

/** The Advance head's id (seeded reference data). */
export async function findAdvanceHeadId(db: Reader): Promise<number | null> {
  return (await row<{ id: number }>(db, sql`SELECT id FROM fee_heads WHERE name = ${ADVANCE_HEAD}`))?.id ?? null;
}

/** The students who ever settled from the advance or were refunded (live): few, read through their own indexes. */
export const SETTLED_STUDENTS = sql`SELECT student_id FROM receipts WHERE payment_mode = 'advance' AND status = 'live'
  UNION SELECT student_id FROM refunds WHERE status = 'live'`;

/**
 * Per student of `students` (SQL rows with a student_id column, filtered by `studentsWhere`, a condition on students
 * os) who settled from the advance or was refunded: what was settled and refunded (student_money's) and the credit
 * outside the fee, the heads paid on that no fee, opening balance, promotion or charge makes owed, the Late fee aside
 * (what each pays beyond nothing, its discounts with it); and what `feeTakeBackPaise` in @fees/money takes back from
 * the fee's heads in all: rows (student_id, "appliedPaise", "refundedPaise", "outsidePaise", "takenBackPaise"). Read
 * from those students (joined in order), never from every student the condition selects.
 */
export function takenBackOfStudentsSql(db: Reader, students: SQL, studentsWhere: SQL): SQL {
  const join = engineSql(db).joinInOrder;
  const names = [LATE_FEE_HEAD, CHEQUE_BOUNCE_HEAD].map(textLiteral).join(', ');
  const special = `SELECT id FROM fee_heads WHERE name IN (${names})`;
  const outside = `(SELECT
      COALESCE(SUM(p.paid_paise + COALESCE(d.discount_paise, 0) + COALESCE(d.adjustment_paise, 0)), 0)
    FROM student_head_paid p
    LEFT JOIN discounts d ON d.student_id = p.student_id AND d.fee_head_id = p.fee_head_id
    WHERE p.student_id = m.student_id
      AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = m.batch_id AND fs.fee_head_id = p.fee_head_id)
      AND NOT EXISTS (SELECT 1 FROM opening_balances ob
        WHERE ob.student_id = m.student_id AND ob.fee_head_id = p.fee_head_id)
      AND NOT ${promotedHasSql('m.student_id', 'p.fee_head_id')}
      AND p.fee_head_id NOT IN (${special}))`;
  return sql`SELECT x.student_id, x."appliedPaise", x."refundedPaise", x."outsidePaise",
      CAST(CASE WHEN x."appliedPaise" + x."refundedPaise" > x."outsidePaise"
        THEN x."appliedPaise" + x."refundedPaise" - x."outsidePaise" ELSE 0 END AS BIGINT) AS "takenBackPaise"
    FROM (
      SELECT m.student_id, m.applied_paise AS "appliedPaise", m.refunded_paise AS "refundedPaise",
        CAST(${sql.raw(outside)} AS BIGINT) AS "outsidePaise"
      FROM (${students}) gone
      ${join} students os ON os.id = gone.student_id
      ${join} student_money m ON m.student_id = gone.student_id
      WHERE ${studentsWhere} AND m.applied_paise + m.refunded_paise > 0
    ) x`;
}
