/**
 * student_money: per student, what the course-wide dues and student fee reports need besides their
 * batch's fee structure, so that a 20,000-student course is read as one row per student (through its
 * department, course and batch index) instead of every student's heads, discounts, charges, receipts
 * and refunds:
 * - department_id, course_id, batch_id: the student's;
 * - discount_paise, adjustment_paise: their discounts on the heads of their batch's structure;
 * - paid_paise: what they paid on those heads (pre-tax lines of live receipts);
 * - charges_paise: their opening balances, the fee structures of the batches they were promoted out of
 *   and bounced cheques' charges (studentCharges);
 * - paid_outside_paise: what they paid on charged heads outside the structure;
 * - credit_paise: the credit of every head in credit, the Late fee aside, an optional head's fee being what the
 *   student's opt-ins make owed and a sponsor's share (less its shortfall) coming off the head's fee
 *   (advanceHeadsSql); with
 *   applied_paise (live "Adjusted from advance" receipts) and refunded_paise (live refunds) it gives
 *   the advance by the rule in @fees/money advance.ts.
 *
 * Every figure is computed by the same SQL the per-student screens use. Triggers on each table it
 * is computed from (student_head_paid, discounts, opening_balances, cheques, refunds, receipts paid
 * from the advance, fee_structures, students, enrolments, opt-ins to optional heads, sponsorships) recompute the
 * student's row
 * (a batch's students, and those promoted out of it, for a fee structure change; those opted into an optional head
 * of a batch for a change of its plan; a receipt line's head alone, studentMoneyPaidChange) in the same transaction
 * as the write, whoever writes: on SQLite by inserting
 * the student's id into the view student_money_refresh, whose INSTEAD OF trigger runs
 * `studentMoneyRefresh` (SQLite allows no functions), on PostgreSQL by the plpgsql function
 * student_money_refresh(student_id). Migrations 0041_sponsored_credit (SQLite) and 0035_sponsored_credit (PostgreSQL)
 * hold that text now (0035_enrolments and 0029_enrolments held it before sponsors' shares counted in the credit);
 * student-money.test.ts checks they hold it unchanged. The names of the
 * Late fee and Cheque bounce charge heads are part of the text: those heads cannot be renamed.
 */
import { sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { CHEQUE_BOUNCE_HEAD, LATE_FEE_HEAD } from '@fees/validation';
import { rows, run, textLiteral } from '../engines';
import { balanceOfColumns, sponsoredHeadSql } from '../queries/balance-sql';
import { structureFeeSql } from '../queries/optional-fee-sql';
import { advanceHeadsSql, settlementsSql } from '../queries/refunds';
import { promotedHasSql, promotedOnSql, studentChargesSql } from '../queries/student-charges';

const COLUMNS = `student_id, department_id, course_id, batch_id, discount_paise, adjustment_paise, paid_paise,
  charges_paise, paid_outside_paise, credit_paise, applied_paise, refunded_paise`;

/** The rows of student_money for the students matching `studentsWhere` (an SQL condition on students). */
function studentMoneySelect(studentsWhere: string): string {
  const sel = `SELECT id, batch_id FROM students WHERE ${studentsWhere}`;
  return `SELECT s.id, s.department_id, s.course_id, s.batch_id,
      COALESCE(d.discount, 0), COALESCE(d.adjustment, 0), COALESCE(p.paid, 0),
      COALESCE(ch.charges, 0), COALESCE(ch.paid_outside, 0), COALESCE(cr.credit, 0),
      st."appliedPaise", st."refundedPaise"
    FROM (SELECT id, department_id, course_id, batch_id FROM students WHERE ${studentsWhere}) s
    LEFT JOIN (
      SELECT p.student_id, SUM(p.paid_paise) AS paid
      FROM (${sel}) sel JOIN student_head_paid p ON p.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = p.fee_head_id
      GROUP BY p.student_id
    ) p ON p.student_id = s.id
    LEFT JOIN (
      SELECT dc.student_id, SUM(dc.discount_paise) AS discount, SUM(dc.adjustment_paise) AS adjustment
      FROM (${sel}) sel JOIN discounts dc ON dc.student_id = sel.id
      JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = dc.fee_head_id
      GROUP BY dc.student_id
    ) d ON d.student_id = s.id
    LEFT JOIN (
      SELECT ch.student_id, SUM(ch.amount_paise) AS charges,
        SUM(CASE WHEN fs.id IS NULL THEN COALESCE(p.paid_paise, 0) ELSE 0 END) AS paid_outside
      FROM (${sel}) sel
      JOIN (${studentChargesSql(`SELECT id FROM students WHERE ${studentsWhere}`)}) ch ON ch.student_id = sel.id
      LEFT JOIN fee_structures fs ON fs.batch_id = sel.batch_id AND fs.fee_head_id = ch.fee_head_id
      LEFT JOIN student_head_paid p ON p.student_id = sel.id AND p.fee_head_id = ch.fee_head_id
      GROUP BY ch.student_id
    ) ch ON ch.student_id = s.id
    LEFT JOIN (
      SELECT h."studentId" AS student_id, SUM(-(${balanceOfColumns('h')})) AS credit
      FROM (${advanceHeadsSql(sel)}) h
      GROUP BY h."studentId"
    ) cr ON cr.student_id = s.id
    JOIN (${settlementsSql(sel)}) st ON st."studentId" = s.id`;
}

/**
 * Recomputes one student's row, `student` being SQL text of their id (NEW.student_id in SQLite's
 * trigger, the function's argument on PostgreSQL): the body both engines' migrations hold.
 */
export function studentMoneyRefresh(student: string): string[] {
  return [
    `DELETE FROM student_money WHERE student_id = ${student}`,
    `INSERT INTO student_money (${COLUMNS})
    ${studentMoneySelect(`id = ${student}`)}`,
  ];
}

/**
 * What a change of one student_head_paid row (the student's paid on one head going from `oldPaid` to
 * `newPaid`, all SQL text) does to the student's row, without recomputing it: a receipt's lines change
 * nothing else it is computed from, and a whole recomputation costs PostgreSQL about 0.3 ms a line.
 * The head's credit is what was paid beyond its fee - discount - adjustment - sponsored (`before`, the balance
 * before any payment, as advanceHeadsSql computes a head's fee; a head that source leaves out has a
 * credit of 0 either way), the Late fee never; paid counts outside the structure on a charged head.
 * Most lines change neither (a structure head still owing): then no row is written. LIMIT 1 (one
 * student) keeps PostgreSQL from copying `before` into every expression that reads it.
 */
export function studentMoneyPaidChange(p: { student: string; head: string; oldPaid: string; newPaid: string }): string {
  const credit = (paid: string) => `CASE WHEN ${paid} > x.before THEN ${paid} - x.before ELSE 0 END`;
  return `UPDATE student_money SET paid_paise = paid_paise + h.structure_change,
      paid_outside_paise = paid_outside_paise + h.outside_change,
      credit_paise = credit_paise + h.credit_change
    FROM (
      SELECT CASE WHEN x.structure THEN ${p.newPaid} - ${p.oldPaid} ELSE 0 END AS structure_change,
        CASE WHEN x.outside THEN ${p.newPaid} - ${p.oldPaid} ELSE 0 END AS outside_change,
        CASE WHEN x.late THEN 0 ELSE ${credit(p.newPaid)} - ${credit(p.oldPaid)} END AS credit_change
      FROM (
        SELECT
          COALESCE((SELECT ob.amount_paise FROM opening_balances ob
            WHERE ob.student_id = s.id AND ob.fee_head_id = ${p.head}), 0)
            + ${promotedOnSql('s.id', p.head)}
            + CASE WHEN fs.id IS NOT NULL THEN ${structureFeeSql('fs', 's.id')}
              WHEN fh.name = ${textLiteral(CHEQUE_BOUNCE_HEAD)}
                THEN (SELECT COALESCE(SUM(c.bounce_charge_paise), 0) FROM cheques c
                  WHERE c.student_id = s.id AND c.status = 'bounced')
              ELSE 0 END
            - COALESCE((SELECT dc.discount_paise + dc.adjustment_paise FROM discounts dc
              WHERE dc.student_id = s.id AND dc.fee_head_id = ${p.head}), 0)
            - ${sponsoredHeadSql('s.id', p.head)} AS before,
          fh.name = ${textLiteral(LATE_FEE_HEAD)} AS late,
          fs.id IS NOT NULL AS structure,
          fs.id IS NULL AND (
            EXISTS (SELECT 1 FROM opening_balances ob WHERE ob.student_id = s.id AND ob.fee_head_id = ${p.head})
            OR ${promotedHasSql('s.id', p.head)}
            OR (fh.name = ${textLiteral(CHEQUE_BOUNCE_HEAD)} AND EXISTS (
              SELECT 1 FROM cheques c WHERE c.student_id = s.id AND c.status = 'bounced' AND c.bounce_charge_paise > 0))
          ) AS outside
        FROM students s
        JOIN fee_heads fh ON fh.id = ${p.head}
        LEFT JOIN fee_structures fs ON fs.batch_id = s.batch_id AND fs.fee_head_id = ${p.head}
        WHERE s.id = ${p.student}
        LIMIT 1
      ) x
    ) h
    WHERE student_money.student_id = ${p.student}
      AND (h.structure_change <> 0 OR h.outside_change <> 0 OR h.credit_change <> 0)`;
}

/** Fills the empty student_money for every student (the migrations' backfill). */
export const STUDENT_MONEY_BACKFILL = `INSERT INTO student_money (${COLUMNS})
    ${studentMoneySelect('TRUE')}`;

/** Empties student_money and fills it again; call inside a transaction (bulk loaders, after their load). */
export async function rebuildStudentMoney(db: WriteTx): Promise<void> {
  await run(db, sql`DELETE FROM student_money`);
  await run(db, sql.raw(STUDENT_MONEY_BACKFILL));
}

/**
 * The students whose stored row and a fresh computation disagree (none when they agree), each with
 * both as text. Every student has a row.
 */
export async function studentMoneyDrift(
  db: Reader,
): Promise<Array<{ studentId: number; stored: string | null; expected: string | null }>> {
  const asText = `CAST(department_id AS TEXT) || '/' || course_id || '/' || batch_id
    || '/' || discount_paise || '/' || adjustment_paise || '/' || paid_paise || '/' || charges_paise
    || '/' || paid_outside_paise || '/' || credit_paise || '/' || applied_paise || '/' || refunded_paise`;
  return await rows(
    db,
    sql.raw(`WITH fresh (${COLUMNS}) AS (
       ${studentMoneySelect('TRUE')}
     ),
     s AS (SELECT student_id AS k, ${asText} AS v FROM student_money),
     f AS (SELECT student_id AS k, ${asText} AS v FROM fresh)
     SELECT k AS "studentId", v AS stored, NULL AS expected
     FROM (SELECT k, v FROM s EXCEPT SELECT k, v FROM f) AS gone
     UNION ALL
     SELECT k, NULL, v FROM (SELECT k, v FROM f EXCEPT SELECT k, v FROM s) AS missing
     ORDER BY 1`),
  );
}

export interface StudentMoneyOfAdvance {
  studentId: number;
  /** The credit of the student's heads in credit, the Late fee aside. */
  creditPaise: number;
  appliedPaise: number;
  refundedPaise: number;
}

/** What the advance of every student of some batches is computed from, one statement per batch. */
export async function advanceFiguresOfBatches(
  db: Reader,
  batchIds: readonly number[],
): Promise<StudentMoneyOfAdvance[]> {
  const figures: StudentMoneyOfAdvance[] = [];
  for (const batchId of batchIds) {
    figures.push(
      ...(await rows<StudentMoneyOfAdvance>(
        db,
        sql`SELECT s.id AS "studentId", COALESCE(m.credit_paise, 0) AS "creditPaise",
          COALESCE(m.applied_paise, 0) AS "appliedPaise",
           COALESCE(m.refunded_paise, 0) AS "refundedPaise"
         FROM students s LEFT JOIN student_money m ON m.student_id = s.id
         WHERE s.batch_id = ${batchId}`,
      )),
    );
  }
  return figures;
}
