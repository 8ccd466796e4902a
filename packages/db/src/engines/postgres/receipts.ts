import type { Database } from '../../client';
import { outboxInsertStatement } from '../../queries/messages';
import type { NumberedReceiptParams } from '../../queries/receipts';
import { rowAndCommit } from './database';

/**
 * PostgreSQL's receipt insert: the counter row's update, the master row, its lines, its audit row and its cheque or
 * draft (when @bank is given) in one statement, sent with the COMMIT (rowAndCommit), so a receipt holds the counter's
 * lock for one round trip instead of one per statement. SQLite has no data-modifying CTEs; it runs the same steps as
 * separate statements in its write transaction (queries/receipts.ts), where round trips cost nothing. The lines come as
 * three parallel arrays, numbered in their order. The lines' AFTER triggers (running totals, student_payments) fire at
 * the end of the statement and see the new receipt row. The audit row's `after` is the JSON object @auditAfter with the
 * receipt's number put first (as writeAudit would store `{ number, ...after }`); the idempotency key's row, when @key
 * is given (the write claimed it earlier in the transaction), gets `{ number, receiptId, ...@keyResult }` as its
 * result. The receipt's messages, when given, are one more part (queries/messages.ts), numbered from r.
 */
const INSERT_NUMBERED_RECEIPT = `
  WITH n AS (
    UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number
  ), r AS (
    INSERT INTO receipts (number, department_id, course_id, batch_id, student_id, date, student_name, address,
      phone, email, total_paise, tax_rate_basis_points, tax_paise, net_paise,
        payment_mode, payment_reference, created_by)
    VALUES ((SELECT last_number FROM n), @departmentId, @courseId, @batchId, @studentId, @date, @studentName, @address,
      @phone, @email, @totalPaise, @taxRateBasisPoints, @taxPaise, @netPaise,
        @paymentMode, @paymentReference, @createdBy)
    RETURNING id, number, student_id, department_id
  ), a AS (
    INSERT INTO audit_log (user_id, user_email, ip, action, entity, entity_id, after, department_id, admission_no)
    SELECT @auditUserId::integer, @auditEmail::text, @auditIp::text, 'create', 'receipt', r.number::text,
      '{"number":' || r.number || ',' || substr(@auditAfter::text, 2), r.department_id, @admissionNo::text
    FROM r
  ), c AS (
    INSERT INTO cheques (receipt_id, department_id, student_id, bank, instrument_no, instrument_date)
    SELECT r.id, r.department_id, r.student_id, @bank::text, @instrumentNo::text, @instrumentDate::text
    FROM r WHERE @bank::text IS NOT NULL
  ), l AS (
    INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, particulars, amount_paise)
    SELECT r.id, l.line_no, r.student_id, l.fee_head_id, l.particulars, l.amount_paise
    FROM r, unnest(@lineFeeHeadIds::integer[], @lineParticulars::text[], @lineAmounts::bigint[])
      WITH ORDINALITY AS l(fee_head_id, particulars, amount_paise, line_no)
  ), k AS (
    UPDATE idempotency_keys
    SET result = (jsonb_build_object('number', r.number, 'receiptId', r.id) || @keyResult::jsonb)::text
    FROM r
    WHERE user_id = @keyUserId::integer AND operation = @keyOperation::text AND key = @key::text
  )%OUTBOX%
  SELECT id, number FROM r`;

/** Engine.insertNumberedReceipt on PostgreSQL: the statement above, sent with the COMMIT when it may be. */
export async function insertNumberedReceipt(
  db: Database,
  { receipt, lines, audit, instrument, idempotency, outbox }: NumberedReceiptParams,
): Promise<{ id: number; number: number }> {
  // The receipt's messages, when there are any, are one more part of the statement, numbered from r.
  const messages = outbox?.texts.length ? outboxInsertStatement(outbox, '(SELECT number FROM r)', 'o_') : null;
  const text = INSERT_NUMBERED_RECEIPT.replace('%OUTBOX%', messages ? `, m AS (${messages.text})` : '');
  return (await rowAndCommit<{ id: number; number: number }>(db, text, {
    ...messages?.params,
    ...receipt,
    bank: instrument?.bank ?? null,
    instrumentNo: instrument?.instrumentNo ?? null,
    instrumentDate: instrument?.instrumentDate ?? null,
    lineFeeHeadIds: lines.map((l) => l.feeHeadId),
    lineParticulars: lines.map((l) => l.particulars),
    lineAmounts: lines.map((l) => l.amountPaise),
    auditUserId: audit.actor.userId,
    auditEmail: audit.actor.email,
    auditIp: audit.actor.ip ?? null,
    auditAfter: JSON.stringify(audit.after),
    admissionNo: audit.admissionNo,
    keyUserId: idempotency?.claim.userId ?? null,
    keyOperation: idempotency?.claim.operation ?? null,
    key: idempotency?.claim.key ?? null,
    keyResult: JSON.stringify(idempotency?.result ?? {}),
  }))!;
}
