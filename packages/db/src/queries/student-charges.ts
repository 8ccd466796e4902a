import { CHEQUE_BOUNCE_HEAD } from '@fees/validation';
import { type SQL, sql } from 'drizzle-orm';
import { textLiteral } from '../engines';

/**
 * What a student owes beyond their batch's fee structure, per student and fee head: opening
 * balances brought from the old books and the bank charges of their bounced cheques (on the "Cheque
 * bounce charge" head). Columns: student_id, fee_head_id, amount_paise (both kinds), opening_paise
 * (the opening balance alone) and first_opening_id (the head's opening balance row, null for a head
 * charged only by bounces). On a structure head the amount adds to the head's fee; a head outside the
 * structure is a head of its own. `students` selects the students (an SQL expression of student ids,
 * e.g. a CTE's ids), so each part reads its rows by the student index. The head's name is part of the
 * text, not a parameter (see balances.ts). The dues allocation reads the same two tables with their
 * dates (queries/dues.ts).
 */
export function studentCharges(students: SQL): SQL {
  return sql.join(
    studentChargesSql(STUDENTS)
      .split(STUDENTS)
      .map((part) => sql.raw(part)),
    students,
  );
}

/** Where studentCharges puts its students: a mark no SQL text holds. */
const STUDENTS = '\u0000students\u0000';

/** The same as plain SQL text, `students` being SQL text too (the triggers' NEW.student_id, a subquery). */
export function studentChargesSql(students: string): string {
  return `SELECT x.student_id, x.fee_head_id, SUM(x.amount_paise) AS amount_paise, SUM(x.opening_paise) AS opening_paise,
      MIN(x.opening_id) AS first_opening_id
    FROM (
      SELECT ob.student_id, ob.fee_head_id, ob.amount_paise, ob.amount_paise AS opening_paise, ob.id AS opening_id
      FROM opening_balances ob WHERE ob.student_id IN (${students})
      UNION ALL
      SELECT c.student_id, fh.id, c.bounce_charge_paise, 0, NULL
      FROM cheques c JOIN fee_heads fh ON fh.name = ${textLiteral(CHEQUE_BOUNCE_HEAD)}
      WHERE c.student_id IN (${students}) AND c.status = 'bounced' AND c.bounce_charge_paise > 0
    ) x
    GROUP BY x.student_id, x.fee_head_id`;
}
