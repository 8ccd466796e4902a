/** What several reports share: batch groups and the per-student money of a course. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../client';
import { engineSql } from '../../engine/engine-sql';
import { containsText } from '../like';
import { studentCharges } from '../student-charges';

export interface BatchGroup<Row, Totals> {
  batchId: number;
  batchName: string;
  totals: Totals;
  rows: Row[];
}

export interface ReceiptTotals {
  count: number;
  netPaise: number;
}

/**
 * The per-student reports come back from one statement as three kinds of rows: 'row' (a student,
 * up to the limit), 'batch' (a batch's totals over all its students) and 'total' (all of them).
 * Students are read through students_department_course_batch_idx; batches come newest first (start
 * date descending, then name), a sort of the materialized rows d that the name order needed as well.
 */
export type Kind = 'row' | 'batch' | 'total';

/** Assembles the three kinds of rows into batches with totals; batches whose rows fell past the limit keep their totals. */
export function assemble<Raw extends { kind: Kind; batchId: number | null; batchName: string | null }, Row, Totals extends { count: number }>(
  raw: Raw[],
  rowOf: (r: Raw) => Row,
  totalsOf: (r: Raw) => Totals,
  zero: Totals,
): { batches: Array<BatchGroup<Row, Totals> & { truncated: boolean }>; totals: Totals; truncated: boolean } {
  const batches = new Map<number, BatchGroup<Row, Totals> & { truncated: boolean }>();
  let totals = zero;
  for (const r of raw) {
    if (r.kind === 'batch') batches.set(r.batchId!, { batchId: r.batchId!, batchName: r.batchName!, totals: totalsOf(r), rows: [], truncated: false });
    else if (r.kind === 'total') totals = totalsOf(r);
  }
  let shown = 0;
  for (const r of raw) {
    if (r.kind !== 'row') continue;
    batches.get(r.batchId!)?.rows.push(rowOf(r));
    shown++;
  }
  for (const batch of batches.values()) batch.truncated = batch.rows.length < batch.totals.count;
  return { batches: [...batches.values()], totals, truncated: shown < totals.count };
}

/**
 * A student's money as read from courseStudentMoney's tables (joined as fee, disc, opening and
 * student_paid `paid`): the terms of balanceSql, written once for every report over them.
 */
export const STUDENT_MONEY = {
  fee: 'COALESCE(fee."feePaise", 0) + COALESCE(opening."openingPaise", 0)',
  discount: 'COALESCE(disc."discountPaise", 0)',
  adjustment: 'COALESCE(disc."adjustmentPaise", 0)',
  paid: 'COALESCE(paid.paid_paise, 0) + COALESCE(opening."paidOutsidePaise", 0)',
} as const;

/**
 * The money of a course's students as common table expressions, each summed once per batch or per
 * student instead of once per student and head: sel (the students asked for), fee (a batch's fee
 * structure total), disc (a student's discount and adjustment on the heads of their batch) and opening
 * (a student's charges beyond the structure: opening balances and bounce charges, see studentCharges;
 * and what they paid on such heads outside the structure). A
 * student's paid on the structure's heads is one running total, student_paid. The reports read sel as the
 * outer loop (the joinInOrder hint on SQLite), each student probing discounts, batches and totals by key, rather than
 * building automatic indexes over the materialized students.
 */
export function courseStudentMoney(db: DbOrTx, params: { depId: number; courseId: number; batchId?: number; text?: string }) {
  return sql`sel AS MATERIALIZED (
      SELECT s.id, s.admission_no, s.name, s.cap_id, s.batch_id
      FROM students s
      WHERE s.department_id = ${params.depId} AND s.course_id = ${params.courseId}
        ${params.batchId === undefined ? sql`` : sql`AND s.batch_id = ${params.batchId}`}
        ${params.text ? sql`AND ${containsText(db, ['s.name', 's.admission_no', 's.cap_id'], params.text)}` : sql``}
    ),
    fee AS MATERIALIZED (
      SELECT fs.batch_id, SUM(fs.amount_paise) AS "feePaise"
      FROM fee_structures fs
      WHERE fs.batch_id IN (SELECT batch_id FROM sel)
      GROUP BY fs.batch_id
    ),
    disc AS MATERIALIZED (
      SELECT sel.id AS student_id, SUM(dc.discount_paise) AS "discountPaise", SUM(dc.adjustment_paise) AS "adjustmentPaise"
      FROM sel
      ${engineSql(db).joinInOrder} discounts dc ON dc.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = dc.fee_head_id
      GROUP BY sel.id
    ),
    opening AS MATERIALIZED (
      SELECT sel.id AS student_id, SUM(ch.amount_paise) AS "openingPaise",
        SUM(CASE WHEN fs.id IS NULL THEN COALESCE(p.paid_paise, 0) ELSE 0 END) AS "paidOutsidePaise"
      FROM sel
      JOIN (${studentCharges(sql`SELECT id FROM sel`)}) ch ON ch.student_id = sel.id
      LEFT JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = ch.fee_head_id
      LEFT JOIN student_head_paid p ON p.student_id = sel.id AND p.fee_head_id = ch.fee_head_id
      GROUP BY sel.id
    )`;
}
