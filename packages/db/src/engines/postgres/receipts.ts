import { sql } from 'drizzle-orm';
import type { WriteTx } from '../../client';
import { outboxInsert } from '../../queries/messages';
import type { NumberedReceiptParams } from '../../queries/receipts';
import { rowAndCommit } from './database';

/**
 * PostgreSQL's receipt insert: the counter row's update, the master row, its lines, its payment parts, its audit
 * row and its cheque or draft (when a bank is given) in one statement, sent with the COMMIT (rowAndCommit), so a
 * receipt holds the counter's lock for one round trip instead of one per statement. SQLite has no data-modifying
 * CTEs; it runs the same steps as separate statements in its write transaction (queries/receipts.ts), where round
 * trips cost nothing. The lines come as six parallel arrays, the parts as four, numbered in their order. The
 * lines' and parts' AFTER triggers (running totals, student_payments) fire at the end of the statement and see the
 * new receipt row. The audit row's `after` is the audit's JSON object with the receipt's number put first (as
 * writeAudit would store `{ number, ...after }`); the idempotency key's row, when a key is given (the write claimed
 * it earlier in the transaction), gets `{ number, receiptId, ...result }` as its result.
 *
 * The receipt's messages, when given, are one more part (queries/messages.ts), numbered from r.
 *
 * Engine.insertNumberedReceipt on PostgreSQL, sent with the COMMIT when it may be.
 */
export async function insertNumberedReceipt(
  tx: WriteTx,
  { receipt: r, lines, payments, audit, instrument, idempotency, outbox }: NumberedReceiptParams,
): Promise<{ id: number; number: number }> {
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
  const key = idempotency?.claim ?? null;
  const messages = outbox?.texts.length ? sql`, m AS (${outboxInsert(outbox, sql`(SELECT number FROM r)`)})` : sql``;
  return (await rowAndCommit<{ id: number; number: number }>(
    tx,
    sql`
  WITH n AS (
    UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number
  ), r AS (
    INSERT INTO receipts (number, department_id, course_id, batch_id, student_id, date, student_name, address,
      phone, email, total_paise, tax_rate_basis_points, tax_paise, net_paise,
        payment_mode, payment_reference, created_by)
    VALUES ((SELECT last_number FROM n), ${r.departmentId}, ${r.courseId}, ${r.batchId}, ${r.studentId}, ${r.date},
      ${r.studentName}, ${r.address}, ${r.phone}, ${r.email}, ${r.totalPaise}, ${r.taxRateBasisPoints}, ${r.taxPaise},
      ${r.netPaise}, ${r.paymentMode}, ${r.paymentReference}, ${r.createdBy})
    RETURNING id, number, student_id, department_id
  ), a AS (
    INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, after, department_id, admission_no)
    SELECT ${audit.actor.userId}::integer, ${audit.actor.email}::text, ${audit.actor.ip ?? null}::text,
      'create', 'receipt', r.number::text,
      '{"number":' || r.number || ',' || substr(${JSON.stringify(audit.after)}::text, 2),
      r.department_id, ${audit.admissionNo}::text
    FROM r
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
