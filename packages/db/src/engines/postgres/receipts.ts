import { sql } from 'drizzle-orm';
import type { WriteTx } from '../../client';
import { outboxInsert } from '../../queries/messages';
import type { NumberedReceiptParams } from '../../queries/receipts';
import { row, rowAndCommit } from './database';

/**
 * PostgreSQL's receipt insert, in two statements. Every receipt queues on the counter's row and on its department's
 * running totals of the day until its COMMIT (the WAL flush included), so the first statement writes all that no
 * other receipt waits for: the master row under a provisional number (its id, negated), its lines, payment parts
 * and cheque or draft, with the student's own running totals their triggers keep. The second, sent with the COMMIT
 * (rowAndCommit), takes the counter's next number, puts it on the row (whose trigger then adds the receipt to the
 * department's and the course's totals and to the student's payments by number), and writes the audit row, the
 * idempotency key's result and the messages, which carry the number. A receipt that fails in either statement is
 * rolled back whole, the counter's step with it: numbers stay without gaps. SQLite has no data-modifying CTEs and
 * no concurrent writers; it runs the same steps as separate statements in its write transaction
 * (queries/receipts.ts), the number first.
 *
 * The lines come as six parallel arrays, the parts as four, numbered in their order. The audit row's `after` is the
 * audit's JSON object with the receipt's number put first (as writeAudit would store `{ number, ...after }`); the
 * idempotency key's row, when a key is given (the write claimed it earlier in the transaction), gets
 * `{ number, receiptId, ...result }` as its result. The receipt's messages, when given, are one more part
 * (queries/messages.ts), numbered from r.
 *
 * Engine.insertNumberedReceipt on PostgreSQL.
 */
export async function insertNumberedReceipt(
  tx: WriteTx,
  { receipt: r, lines, payments, audit, instrument, idempotency, outbox }: NumberedReceiptParams,
): Promise<{ id: number; number: number }> {
  const id = await insertProvisionalReceipt(tx, r, lines, payments, instrument);
  const key = idempotency?.claim ?? null;
  const messages = outbox?.texts.length ? sql`, m AS (${outboxInsert(outbox, sql`(SELECT number FROM r)`)})` : sql``;
  return (await rowAndCommit<{ id: number; number: number }>(
    tx,
    sql`
  WITH n AS (
    UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number
  ), r AS (
    UPDATE receipts SET number = (SELECT last_number FROM n) WHERE id = ${id}
    RETURNING id, number, department_id
  ), a AS (
    INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, after, department_id, admission_no)
    SELECT ${audit.actor.userId}::integer, ${audit.actor.email}::text, ${audit.actor.ip ?? null}::text,
      'create', 'receipt', r.number::text,
      '{"number":' || r.number || ',' || substr(${JSON.stringify(audit.after)}::text, 2),
      r.department_id, ${audit.admissionNo}::text
    FROM r
  ), k AS (
    UPDATE idempotency_keys
    SET result = (jsonb_build_object('number', r.number, 'receiptId', r.id)
      || ${JSON.stringify(idempotency?.result ?? {})}::jsonb)::text
    FROM r
    WHERE user_id = ${key?.userId ?? null}::integer AND operation = ${key?.operation ?? null}::text
      AND key = ${key?.key ?? null}::text
  )${messages}
  SELECT id, number FROM r`,
  ))!;
}

/**
 * The receipt's row under the provisional number -id, with its cheque or draft (when a bank is given), lines and
 * payment parts; returns its id. The lines' and parts' AFTER triggers fire at the end of the statement and see the
 * new row; while its number is negative they keep only the student's own totals.
 */
async function insertProvisionalReceipt(
  tx: WriteTx,
  r: NumberedReceiptParams['receipt'],
  lines: NumberedReceiptParams['lines'],
  payments: NumberedReceiptParams['payments'],
  instrument: NumberedReceiptParams['instrument'],
): Promise<number> {
  const lineFeeHeadIds = sql.param(lines.map((l) => l.feeHeadId));
  const lineParticulars = sql.param(lines.map((l) => l.particulars));
  const lineAmounts = sql.param(lines.map((l) => l.amountPaise));
  const lineRates = sql.param(lines.map((l) => l.taxRateBasisPoints));
  const lineCodes = sql.param(lines.map((l) => l.gstCode));
  const lineTaxes = sql.param(lines.map((l) => l.taxPaise));
  const paymentModes = sql.param(payments.map((p) => p.paymentMode));
  const paymentReferences = sql.param(payments.map((p) => p.paymentReference));
  const paymentAmounts = sql.param(payments.map((p) => p.amountPaise));
  const paymentTaxes = sql.param(payments.map((p) => p.taxPaise));
  return (await row<{ id: number }>(
    tx,
    sql`
  WITH i AS (
    SELECT nextval(pg_get_serial_sequence('receipts', 'id'))::integer AS id
  ), r AS (
    INSERT INTO receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address,
      phone, email, total_paise, tax_rate_basis_points, tax_paise, net_paise,
        payment_mode, payment_reference, created_by)
    VALUES ((SELECT id FROM i), -(SELECT id FROM i), ${r.departmentId}, ${r.courseId}, ${r.batchId}, ${r.studentId},
      ${r.date}, ${r.studentName}, ${r.address}, ${r.phone}, ${r.email}, ${r.totalPaise}, ${r.taxRateBasisPoints},
      ${r.taxPaise}, ${r.netPaise}, ${r.paymentMode}, ${r.paymentReference}, ${r.createdBy})
    RETURNING id, student_id, department_id
  ), c AS (
    INSERT INTO cheques (receipt_id, department_id, student_id, bank, instrument_no, instrument_date)
    SELECT r.id, r.department_id, r.student_id, ${instrument?.bank ?? null}::text,
      ${instrument?.instrumentNo ?? null}::text, ${instrument?.instrumentDate ?? null}::text
    FROM r WHERE ${instrument?.bank ?? null}::text IS NOT NULL
  ), l AS (
    INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, particulars, amount_paise,
      tax_rate_basis_points, gst_code, tax_paise)
    SELECT r.id, l.line_no, r.student_id, l.fee_head_id, l.particulars, l.amount_paise, l.rate, l.code, l.tax
    FROM r, unnest(${lineFeeHeadIds}::integer[], ${lineParticulars}::text[], ${lineAmounts}::bigint[],
      ${lineRates}::integer[], ${lineCodes}::text[], ${lineTaxes}::bigint[])
      WITH ORDINALITY AS l(fee_head_id, particulars, amount_paise, rate, code, tax, line_no)
  ), p AS (
    INSERT INTO receipt_payments (receipt_id, part_no, payment_mode, payment_reference, amount_paise, tax_paise)
    SELECT r.id, p.part_no, p.payment_mode, p.payment_reference, p.amount_paise, p.tax_paise
    FROM r, unnest(${paymentModes}::text[], ${paymentReferences}::text[], ${paymentAmounts}::bigint[],
      ${paymentTaxes}::bigint[])
      WITH ORDINALITY AS p(payment_mode, payment_reference, amount_paise, tax_paise, part_no)
  )
  SELECT id FROM r`,
  ))!.id;
}
