import { sql } from 'drizzle-orm';
import { headsAfterTakeBack } from '@fees/money';
import type { Reader } from '../../client';
import { row, rows } from '../../engines';
import { balanceOfColumns, sponsoredHeadSql } from '../balance-sql';
import { owedStructureFeeSql, structureRowShownSql } from '../optional-fee-sql';
import { takenBackOf } from '../balances';
import { studentCharges } from '../student-charges';
import type { PaymentMode } from '../../schema';

/**
 * Paid on one fee head of one student: the head's lines on the student's live receipts, as the
 * running totals keep it (student_head_paid, by primary key). Aliases: s = students, fs = fee_structures.
 */
const PAID_ON_HEAD = sql.raw(
  '(SELECT p.paid_paise FROM student_head_paid p WHERE p.student_id = s.id AND p.fee_head_id = fs.fee_head_id)',
);

/** A head's balance over the statement's heads h. */
const HEAD_BALANCE = sql.raw(balanceOfColumns('h', { sponsored: true }));

export interface StatementPayment {
  receiptNumber: number;
  lineNo: number;
  date: string;
  particulars: string;
  paymentMode: PaymentMode;
  amountPaise: number;
}

export interface StatementHead {
  feeHeadId: number;
  feeHead: string;
  /** The structure amount plus any opening balance and bounce charges on the head. */
  feePaise: number;
  /** The opening balance brought forward on this head (negative: an opening advance; 0 when none). */
  openingPaise: number;
  discountPaise: number;
  adjustmentPaise: number;
  /** Expected from sponsors (their shares less shortfalls), not from the student. */
  sponsoredPaise: number;
  paidPaise: number;
  /** fee - discount - adjustment - sponsored - paid: what the student owes. */
  balancePaise: number;
  payments: StatementPayment[];
}

export interface StatementTotals {
  feePaise: number;
  discountPaise: number;
  adjustmentPaise: number;
  sponsoredPaise: number;
  paidPaise: number;
  balancePaise: number;
}

export interface StudentStatement {
  student: {
    id: number;
    departmentId: number;
    admissionNo: string;
    name: string;
    capId: string;
    address: string;
    phone: string | null;
    email: string | null;
    courseId: number;
    courseName: string;
    batchId: number;
    batchName: string;
  };
  heads: StatementHead[];
  totals: StatementTotals;
}

/** One student's statement, or null when the department has no such student. */
export async function studentStatement(
  db: Reader,
  params: { depId: number; studentId: number },
): Promise<StudentStatement | null> {
  const student = await row<StudentStatement['student']>(
    db,
    sql`
    SELECT s.id AS id, s.department_id AS "departmentId", s.admission_no AS "admissionNo",
      s.name AS name, s.cap_id AS "capId",
      s.address AS address, s.phone AS phone, s.email AS email, s.course_id AS "courseId", c.name AS "courseName",
      s.batch_id AS "batchId", b.name AS "batchName"
    FROM students s JOIN courses c ON c.id = s.course_id JOIN batches b ON b.id = s.batch_id
    WHERE s.id = ${params.studentId} AND s.department_id = ${params.depId}`,
  );
  if (!student) return null;
  // Opening balances and bounce charges: on a structure head they add to its fee, else a head of their own.
  const charges = studentCharges(sql`${student.id}`);
  const heads = await rows<Omit<StatementHead, 'payments'> & Record<`t${keyof StatementTotals}`, number>>(
    db,
    sql`
    SELECT h.*, ${HEAD_BALANCE} AS "balancePaise",
      SUM(h."feePaise") OVER () AS "tfeePaise", SUM(h."discountPaise") OVER () AS "tdiscountPaise",
      SUM(h."adjustmentPaise") OVER () AS "tadjustmentPaise", SUM(h."paidPaise") OVER () AS "tpaidPaise",
      SUM(h."sponsoredPaise") OVER () AS "tsponsoredPaise",
      SUM(${HEAD_BALANCE}) OVER () AS "tbalancePaise"
    FROM (SELECT hs.*, ${sql.raw(sponsoredHeadSql(String(student.id), 'hs."feeHeadId"'))} AS "sponsoredPaise" FROM (
      SELECT 0 AS part, fs.id AS "sortId", fs.fee_head_id AS "feeHeadId", fh.name AS "feeHead",
        ${sql.raw(owedStructureFeeSql('fs', 's.id'))} + COALESCE(ch.amount_paise, 0) AS "feePaise",
        COALESCE(ch.opening_paise, 0) AS "openingPaise",
        COALESCE(dc.discount_paise, 0) AS "discountPaise", COALESCE(dc.adjustment_paise, 0) AS "adjustmentPaise",
        COALESCE(${PAID_ON_HEAD}, 0) AS "paidPaise"
      FROM students s
      JOIN fee_structures fs ON fs.batch_id = s.batch_id
      JOIN fee_heads fh ON fh.id = fs.fee_head_id
      LEFT JOIN (${charges}) ch ON ch.fee_head_id = fs.fee_head_id
      LEFT JOIN discounts dc ON dc.student_id = s.id AND dc.fee_head_id = fs.fee_head_id
      WHERE s.id = ${student.id} AND ${sql.raw(structureRowShownSql('fs', 's.id'))}
      UNION ALL
      SELECT CASE WHEN ch.first_opening_id IS NULL THEN 2 ELSE 1 END, COALESCE(ch.first_opening_id, ch.fee_head_id),
        ch.fee_head_id, fh.name,
        ch.amount_paise, ch.opening_paise, COALESCE(dc.discount_paise, 0), COALESCE(dc.adjustment_paise, 0),
        COALESCE((SELECT p.paid_paise FROM student_head_paid p
          WHERE p.student_id = s.id AND p.fee_head_id = ch.fee_head_id), 0)
      FROM students s
      JOIN (${charges}) ch ON ch.student_id = s.id
      JOIN fee_heads fh ON fh.id = ch.fee_head_id
      LEFT JOIN discounts dc ON dc.student_id = s.id AND dc.fee_head_id = ch.fee_head_id
      WHERE s.id = ${student.id}
        AND NOT EXISTS (SELECT 1 FROM fee_structures fs WHERE fs.batch_id = s.batch_id
          AND fs.fee_head_id = ch.fee_head_id)
    ) hs) h
    ORDER BY h.part, h."sortId"`,
  );
  const payments = await rows<StatementPayment & { feeHeadId: number }>(
    db,
    sql`
    SELECT rl.fee_head_id AS "feeHeadId", r.number AS "receiptNumber", rl.line_no AS "lineNo",
      r.date AS date, rl.particulars AS particulars,
      r.payment_mode AS "paymentMode", rl.amount_paise AS "amountPaise"
    FROM receipt_lines rl
    JOIN receipts r ON r.id = rl.receipt_id
    WHERE rl.student_id = ${student.id} AND r.status = 'live'
      AND (rl.fee_head_id IN (SELECT fee_head_id FROM fee_structures WHERE batch_id = ${student.batchId})
        OR rl.fee_head_id IN (SELECT ch.fee_head_id FROM (${charges}) ch))
    ORDER BY r.date, r.number, rl.line_no`,
  );
  const first = heads[0];
  // What left the credit (settled from the advance, refunded) comes off what the heads were paid, as on Fees Info.
  const settled = await takenBackOf(db, student.id);
  const shown = settled ? headsAfterTakeBack(heads, settled.outsidePaise, settled) : heads;
  const sum = (key: 'paidPaise' | 'balancePaise') => shown.reduce((total, h) => total + h[key], 0);
  return {
    student,
    heads: shown.map((h) => ({
      feeHeadId: h.feeHeadId,
      feeHead: h.feeHead,
      feePaise: h.feePaise,
      openingPaise: h.openingPaise,
      discountPaise: h.discountPaise,
      adjustmentPaise: h.adjustmentPaise,
      sponsoredPaise: h.sponsoredPaise,
      paidPaise: h.paidPaise,
      balancePaise: h.balancePaise,
      payments: payments.filter((p) => p.feeHeadId === h.feeHeadId).map(({ feeHeadId: _f, ...p }) => p),
    })),
    totals: {
      feePaise: first?.tfeePaise ?? 0,
      discountPaise: first?.tdiscountPaise ?? 0,
      adjustmentPaise: first?.tadjustmentPaise ?? 0,
      sponsoredPaise: first?.tsponsoredPaise ?? 0,
      paidPaise: settled ? sum('paidPaise') : (first?.tpaidPaise ?? 0),
      balancePaise: settled ? sum('balancePaise') : (first?.tbalancePaise ?? 0),
    },
  };
}
