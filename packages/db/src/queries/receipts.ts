import { type SQL, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { bound, type EngineSql, engineOf, engineSql, row, rows, run } from '../engines';
import { type AuditActor, writeAudit } from './audit';
import { type Instrument, insertCheque } from './cheques';
import { type IdempotencyClaim, settleIdempotencyKey } from './idempotency';
import { containsText } from './like';
import { insertOutboxMessages, type OutboxEvent, withReceiptNumber } from './messages';
import { timestampNow } from './now';
import type { ChequeStatus, receiptLines, receiptPayments, receipts, students } from '../schema';

/** A student as the receipt counter needs them, with the back-dating limit in force (one statement). */
export type ReceiptStudent = Pick<
  typeof students.$inferSelect,
  'id' | 'departmentId' | 'courseId' | 'batchId' | 'admissionNo' | 'capId' | 'name' | 'address' | 'phone' | 'email'
> & {
  departmentName: string;
  courseName: string;
  batchName: string;
  backdateLimitDays: number | null;
};

const STUDENT_SELECT = sql`
  SELECT s.id, s.department_id AS "departmentId", dep.name AS "departmentName",
         s.course_id AS "courseId", c.name AS "courseName", s.batch_id AS "batchId", b.name AS "batchName",
         s.admission_no AS "admissionNo", s.cap_id AS "capId", s.name, s.address, s.phone, s.email,
         (SELECT backdate_limit_days FROM settings WHERE id = 1) AS "backdateLimitDays"
  FROM students s
  JOIN departments dep ON dep.id = s.department_id
  JOIN courses c ON c.id = s.course_id
  JOIN batches b ON b.id = s.batch_id`;

/**
 * `lock`: for a receipt write, the student's row stays locked until the transaction ends (see
 * lockStudentForReceipt) with the read itself on PostgreSQL; SQLite's IMMEDIATE write transaction
 * already keeps every other writer out.
 */
function studentQuery(db: Reader, where: SQL, lock: boolean): SQL {
  return sql`${STUDENT_SELECT} WHERE ${where}${lock ? engineSql(db).lockedUntilCommit('s') : sql``}`;
}

/** The counter's read of a student by id, unlocked and locked, built once per engine (the lock is its SQL). */
const studentByIdStatements = new WeakMap<EngineSql, { unlocked: SQL; locked: SQL }>();

function studentByIdStatement(db: Reader, lock: boolean): SQL {
  const engine = engineSql(db);
  let statements = studentByIdStatements.get(engine);
  if (!statements) {
    const where = sql`s.id = ${sql.placeholder('studentId')}`;
    statements = { unlocked: studentQuery(db, where, false), locked: studentQuery(db, where, true) };
    studentByIdStatements.set(engine, statements);
  }
  return lock ? statements.locked : statements.unlocked;
}

export async function findReceiptStudentById(
  db: Reader,
  studentId: number,
  options: { lock?: boolean } = {},
): Promise<ReceiptStudent | null> {
  const statement = studentByIdStatement(db, options.lock === true);
  return (await row<ReceiptStudent>(db, bound(statement, { studentId }))) ?? null;
}

export async function findReceiptStudentByAdmissionNo(
  db: Reader,
  params: { departmentId: number; admissionNo: string; lock?: boolean },
): Promise<ReceiptStudent | null> {
  const { departmentId, admissionNo, lock = false } = params;
  return (
    (await row<ReceiptStudent>(
      db,
      studentQuery(db, sql`s.department_id = ${departmentId} AND s.admission_no = ${admissionNo}`, lock),
    )) ?? null
  );
}

export async function findFeeHeadName(db: Reader, feeHeadId: number): Promise<string | null> {
  return (await row<{ name: string }>(db, sql`SELECT name FROM fee_heads WHERE id = ${feeHeadId}`))?.name ?? null;
}

/**
 * Locks the student's row until the transaction ends. Lock order of a receipt write: the student's row
 * first, then the counter row (insertNumberedReceipt). On PostgreSQL, where receipts run in parallel
 * transactions, two writes for one student thus wait for each other and the second reads the
 * balances and the receipt's version as the first committed them (two clerks paying one balance: one
 * receipt, one refusal); the lock is a SELECT ... FOR NO KEY UPDATE (UPDATE's own row lock, without
 * writing the row or firing its triggers). On SQLite the IMMEDIATE transaction already holds the
 * database's write lock.
 */
export async function lockStudentForReceipt(db: WriteTx, studentId: number): Promise<void> {
  await lockStudentWhere(db, sql`id = ${studentId}`);
}

/** lockStudentForReceipt for the student of a receipt given by its number. */
export async function lockStudentOfReceipt(db: WriteTx, number: number): Promise<void> {
  await lockStudentWhere(db, sql`id = (SELECT student_id FROM receipts WHERE number = ${number})`);
}

/** The engine's lock on the students matching `where` (lockStudentForReceipt). */
async function lockStudentWhere(db: WriteTx, where: SQL): Promise<void> {
  await engineOf(db).lockStudents(db, where);
}

const NEXT_RECEIPT_NUMBER = sql`UPDATE receipt_number_sequence SET last_number = last_number + 1 WHERE id = 1
  RETURNING last_number AS n`;

/** Bumps the foundation-wide sequence, locking its row until the transaction ends. */
async function allocateReceiptNumber(db: WriteTx): Promise<number> {
  return (await row<{ n: number }>(db, bound(NEXT_RECEIPT_NUMBER, {})))!.n;
}

/** A line as written: its head, text and amount, and the GST it is issued with (rate, SAC or HSN code, tax). */
export type NewReceiptLine = Pick<
  typeof receiptLines.$inferSelect,
  'feeHeadId' | 'particulars' | 'amountPaise' | 'taxRateBasisPoints' | 'gstCode' | 'taxPaise'
>;

/** One part of a receipt's payment: its mode, reference, and its shares of the net and of the GST. */
export type NewReceiptPayment = Pick<
  typeof receiptPayments.$inferSelect,
  'paymentMode' | 'paymentReference' | 'amountPaise' | 'taxPaise'
>;

const INSERT_PAYMENT = sql`INSERT INTO receipt_payments (receipt_id, part_no, payment_mode, payment_reference,
    amount_paise, tax_paise)
  VALUES (${sql.placeholder('receiptId')}, ${sql.placeholder('partNo')}, ${sql.placeholder('paymentMode')},
    ${sql.placeholder('paymentReference')}, ${sql.placeholder('amountPaise')}, ${sql.placeholder('taxPaise')})`;

async function insertPayments(db: WriteTx, receiptId: number, payments: readonly NewReceiptPayment[]): Promise<void> {
  for (const [index, p] of payments.entries()) {
    await run(db, bound(INSERT_PAYMENT, { ...p, receiptId, partNo: index + 1 }));
  }
}

export type NewReceipt = Omit<
  typeof receipts.$inferSelect,
  'id' | 'status' | 'createdAt' | 'updatedAt' | 'voidedAt' | 'voidedBy' | 'version'
>;

const INSERT_LINE = sql`INSERT INTO receipt_lines (receipt_id, line_no, student_id, fee_head_id, particulars,
    amount_paise, tax_rate_basis_points, gst_code, tax_paise)
  VALUES (${sql.placeholder('receiptId')}, ${sql.placeholder('lineNo')}, ${sql.placeholder('studentId')},
    ${sql.placeholder('feeHeadId')}, ${sql.placeholder('particulars')}, ${sql.placeholder('amountPaise')},
    ${sql.placeholder('taxRateBasisPoints')}, ${sql.placeholder('gstCode')}, ${sql.placeholder('taxPaise')})`;

async function insertLines(
  db: WriteTx,
  receiptId: number,
  studentId: number,
  lines: readonly NewReceiptLine[],
): Promise<void> {
  for (const [index, line] of lines.entries()) {
    await run(db, bound(INSERT_LINE, { ...line, receiptId, lineNo: index + 1, studentId }));
  }
}

/**
 * Numbers a receipt from the foundation-wide sequence and writes its master row, its lines, its audit
 * row (`after`: the receipt as the audit log keeps it, `{ number, ...after }` once numbered) and its
 * cheque or draft, inside the transaction that writes the rest of the receipt. The counter row stays
 * locked until that transaction ends (receipts queue on it), so this is the write's last statement,
 * after every read and check: nothing may run on the transaction after it. An engine may write it all in
 * one statement (Engine.insertNumberedReceipt). `idempotency`: the key this write claimed and its
 * result, stored on the key's row as `{ number, receiptId, ...result }` by the same write.
 */
export interface NumberedReceiptParams {
  receipt: Omit<NewReceipt, 'number'>;
  lines: readonly NewReceiptLine[];
  payments: readonly NewReceiptPayment[];
  audit: { actor: AuditActor; admissionNo: string; after: Record<string, unknown> };
  instrument: Instrument | null;
  idempotency?: { claim: IdempotencyClaim; result: Record<string, unknown> } | null;
  /**
   * The receipt's messages (queries/messages.ts), written by the same write; its key and variables hold
   * RECEIPT_NUMBER_TOKEN where the number goes. Absent or with no channel's text: none.
   */
  outbox?: OutboxEvent | null;
}

export async function insertNumberedReceipt(
  db: WriteTx,
  params: NumberedReceiptParams,
): Promise<{ id: number; number: number }> {
  const inOneStatement = engineOf(db).insertNumberedReceipt;
  if (inOneStatement) return inOneStatement(db, params);
  const { receipt, lines, payments, audit, instrument, idempotency } = params;
  const number = await allocateReceiptNumber(db);
  const id = await insertReceipt(db, { receipt: { ...receipt, number }, lines, payments });
  await writeAudit(db, {
    actor: audit.actor,
    action: 'create',
    entity: 'receipt',
    entityId: number,
    after: { number, ...audit.after },
  });
  if (instrument)
    await insertCheque(db, {
      ...instrument,
      receiptId: id,
      departmentId: receipt.departmentId,
      studentId: receipt.studentId,
    });
  if (idempotency) await settleIdempotencyKey(db, idempotency.claim, { number, receiptId: id, ...idempotency.result });
  if (params.outbox) await insertOutboxMessages(db, withReceiptNumber(params.outbox, number));
  return { id, number };
}

const INSERT_RECEIPT = sql`INSERT INTO receipts (number, department_id, course_id, batch_id, student_id, date,
    student_name, address, phone, email, total_paise, tax_rate_basis_points, tax_paise, net_paise,
    payment_mode, payment_reference, created_by)
  VALUES (${sql.placeholder('number')}, ${sql.placeholder('departmentId')}, ${sql.placeholder('courseId')},
    ${sql.placeholder('batchId')}, ${sql.placeholder('studentId')}, ${sql.placeholder('date')},
    ${sql.placeholder('studentName')}, ${sql.placeholder('address')}, ${sql.placeholder('phone')},
    ${sql.placeholder('email')}, ${sql.placeholder('totalPaise')}, ${sql.placeholder('taxRateBasisPoints')},
    ${sql.placeholder('taxPaise')}, ${sql.placeholder('netPaise')}, ${sql.placeholder('paymentMode')},
    ${sql.placeholder('paymentReference')}, ${sql.placeholder('createdBy')})
  RETURNING id`;

/** Writes a receipt's master row, its lines and its payment parts; returns the new receipt id. */
async function insertReceipt(
  db: WriteTx,
  params: { receipt: NewReceipt; lines: readonly NewReceiptLine[]; payments: readonly NewReceiptPayment[] },
): Promise<number> {
  const { receipt, lines, payments } = params;
  const { id } = (await row<{ id: number }>(db, bound(INSERT_RECEIPT, receipt)))!;
  await insertLines(db, id, receipt.studentId, lines);
  await insertPayments(db, id, payments);
  return id;
}

export type ReceiptEdit = Pick<
  typeof receipts.$inferSelect,
  | 'date'
  | 'phone'
  | 'email'
  | 'totalPaise'
  | 'taxRateBasisPoints'
  | 'taxPaise'
  | 'netPaise'
  | 'paymentMode'
  | 'paymentReference'
>;

/** Replaces a live receipt's editable fields, all its lines and its payment parts; number and student stay. */
export async function updateReceipt(
  db: WriteTx,
  params: {
    receiptId: number;
    studentId: number;
    edit: ReceiptEdit;
    lines: readonly NewReceiptLine[];
    payments: readonly NewReceiptPayment[];
  },
): Promise<void> {
  const { receiptId, studentId, edit, lines, payments } = params;
  await run(
    db,
    sql`UPDATE receipts SET date = ${edit.date}, phone = ${edit.phone}, email = ${edit.email},
       total_paise = ${edit.totalPaise}, tax_rate_basis_points = ${edit.taxRateBasisPoints},
       tax_paise = ${edit.taxPaise}, net_paise = ${edit.netPaise},
       payment_mode = ${edit.paymentMode}, payment_reference = ${edit.paymentReference},
       version = version + 1, updated_at = ${timestampNow()}
     WHERE id = ${receiptId} AND status = 'live'`,
  );
  await run(db, sql`DELETE FROM receipt_lines WHERE receipt_id = ${receiptId}`);
  await insertLines(db, receiptId, studentId, lines);
  await run(db, sql`DELETE FROM receipt_payments WHERE receipt_id = ${receiptId}`);
  await insertPayments(db, receiptId, payments);
}

/** Marks a live receipt voided; returns the time written, or null if it was not live. */
export async function markReceiptVoided(
  db: WriteTx,
  params: { receiptId: number; userId: number | null },
): Promise<string | null> {
  const { receiptId, userId } = params;
  const now = timestampNow();
  return (
    (
      await row<{ voidedAt: string }>(
        db,
        sql`UPDATE receipts SET status = 'voided', voided_by = ${userId},
         voided_at = ${now}, updated_at = ${now},
         version = version + 1
       WHERE id = ${receiptId} AND status = 'live'
       RETURNING voided_at AS "voidedAt"`,
      )
    )?.voidedAt ?? null
  );
}

/** A stored receipt with what its printout names: department, course, batch, admission no, letterhead. */
export type StoredReceipt = Omit<typeof receipts.$inferSelect, 'voidedBy'> & {
  departmentName: string;
  courseName: string;
  batchName: string;
  admissionNo: string;
  /** A cheque or demand draft's bank, number and date, and what became of it; null for other modes. */
  bank: string | null;
  instrumentNo: string | null;
  instrumentDate: string | null;
  chequeStatus: ChequeStatus | null;
  createdByEmail: string | null;
  /** The display name of who took it ("Received by ..."); null once that account was deleted. */
  createdByName: string | null;
  voidedByEmail: string | null;
  voidedByName: string | null;
  letterheadName: string;
  letterheadAddress: string;
  letterheadPhone: string;
  /** The department's GSTIN, printed on its receipts; null: none set. */
  gstin: string | null;
};

export async function findReceiptByNumber(db: Reader, number: number): Promise<StoredReceipt | null> {
  return (
    (await row<StoredReceipt>(
      db,
      sql`SELECT r.id, r.number, r.status, r.date, r.department_id AS "departmentId", dep.name AS "departmentName",
              r.course_id AS "courseId", c.name AS "courseName", r.batch_id AS "batchId", b.name AS "batchName",
              r.student_id AS "studentId", s.admission_no AS "admissionNo", r.student_name AS "studentName", r.address,
              r.phone, r.email, r.total_paise AS "totalPaise", r.tax_rate_basis_points AS "taxRateBasisPoints",
              r.tax_paise AS "taxPaise", r.net_paise AS "netPaise", r.payment_mode AS "paymentMode",
              r.payment_reference AS "paymentReference", ch.bank, ch.instrument_no AS "instrumentNo",
              ch.instrument_date AS "instrumentDate", ch.status AS "chequeStatus",
              r.created_at AS "createdAt", r.updated_at AS "updatedAt", r.version,
              r.created_by AS "createdBy", cu.email AS "createdByEmail", cu.name AS "createdByName",
              r.voided_at AS "voidedAt", vu.email AS "voidedByEmail", vu.name AS "voidedByName",
              COALESCE(lh.institution_name, dep.name) AS "letterheadName",
              COALESCE(lh.address, '') AS "letterheadAddress", COALESCE(lh.phone, '') AS "letterheadPhone",
              dep.gstin
       FROM receipts r
       JOIN departments dep ON dep.id = r.department_id
       JOIN courses c ON c.id = r.course_id
       JOIN batches b ON b.id = r.batch_id
       JOIN students s ON s.id = r.student_id
       LEFT JOIN letterheads lh ON lh.department_id = r.department_id
       LEFT JOIN users cu ON cu.id = r.created_by
       LEFT JOIN users vu ON vu.id = r.voided_by
       LEFT JOIN cheques ch ON ch.receipt_id = r.id
       WHERE r.number = ${number}`,
    )) ?? null
  );
}

export interface StoredReceiptLine {
  lineNo: number;
  feeHeadId: number;
  feeHead: string;
  particulars: string;
  amountPaise: number;
  taxRateBasisPoints: number;
  gstCode: string | null;
  taxPaise: number;
}

export type StoredReceiptPayment = NewReceiptPayment & { partNo: number };

/** A receipt's payment parts in the order they were given. */
export async function listReceiptPayments(db: Reader, receiptId: number): Promise<StoredReceiptPayment[]> {
  return await rows<StoredReceiptPayment>(
    db,
    sql`SELECT part_no AS "partNo", payment_mode AS "paymentMode", payment_reference AS "paymentReference",
            amount_paise AS "amountPaise", tax_paise AS "taxPaise"
     FROM receipt_payments WHERE receipt_id = ${receiptId} ORDER BY part_no`,
  );
}

export async function listReceiptLines(db: Reader, receiptId: number): Promise<StoredReceiptLine[]> {
  return await rows<StoredReceiptLine>(
    db,
    sql`SELECT rl.line_no AS "lineNo", rl.fee_head_id AS "feeHeadId", fh.name AS "feeHead", rl.particulars,
            rl.amount_paise AS "amountPaise", rl.tax_rate_basis_points AS "taxRateBasisPoints",
            rl.gst_code AS "gstCode", rl.tax_paise AS "taxPaise"
     FROM receipt_lines rl JOIN fee_heads fh ON fh.id = rl.fee_head_id
     WHERE rl.receipt_id = ${receiptId}
     ORDER BY rl.line_no`,
  );
}

export type ReceiptSearchRow = Pick<
  typeof students.$inferSelect,
  'admissionNo' | 'capId' | 'name' | 'address' | 'batchId'
> & {
  studentId: number;
  batchName: string;
  /** The day the student left their batch (null: they did not): shown as a badge, receipts stay possible. */
  leftOn: string | null;
};

/** The day student `s` left their batch, as a column of the search answers (the left enrolments' partial index). */
const LEFT_ON = sql`(SELECT le.to_date FROM enrolments le
      WHERE le.student_id = s.id AND le.batch_id = s.batch_id AND le.status = 'left') AS "leftOn"`;

/** Most students one receipt search returns. */
export const RECEIPT_SEARCH_LIMIT = 500;

/**
 * Students of one course of a department whose name, admission number or capId contains the text
 * (any case; empty text lists the course), newest batch first (start date descending, then name) then by name.
 */
export async function searchReceiptStudents(
  db: Reader,
  params: { departmentId: number; courseId: number; text: string },
): Promise<ReceiptSearchRow[]> {
  return await rows<ReceiptSearchRow>(
    db,
    sql`SELECT s.id AS "studentId", s.admission_no AS "admissionNo", s.cap_id AS "capId", s.name, s.address,
            s.batch_id AS "batchId", b.name AS "batchName", ${LEFT_ON}
     FROM students s JOIN batches b ON b.id = s.batch_id
     WHERE s.department_id = ${params.departmentId} AND s.course_id = ${params.courseId}
       AND ${containsText(db, ['s.name', 's.admission_no', 's.cap_id'], params.text)}
     ORDER BY b.start_date DESC, b.name, b.id, s.name COLLATE NOCASE, s.id
     LIMIT ${sql.raw(String(RECEIPT_SEARCH_LIMIT))}`,
  );
}

export type FoundStudent = Pick<
  typeof students.$inferSelect,
  'admissionNo' | 'capId' | 'name' | 'phone' | 'address' | 'courseId' | 'batchId'
> & {
  studentId: number;
  batchName: string;
  leftOn: string | null;
};

/** Most students one Find student answer lists. */
export const FIND_STUDENT_LIMIT = 20;

const FOUND_COLUMNS = sql`s.id AS "studentId", s.admission_no AS "admissionNo", s.cap_id AS "capId",
            s.name, s.phone, s.address,
            s.course_id AS "courseId", s.batch_id AS "batchId", b.name AS "batchName", ${LEFT_ON}
     FROM students s JOIN batches b ON b.id = s.batch_id`;

/**
 * The counter's Find student, over a whole department (optionally one course): the student whose
 * admission number is the text (any case; index students_department_admission_nocase_idx), and up to
 * FIND_STUDENT_LIMIT + 1 students whose name, admission number, capId or phone contains it, in name
 * order (the walk follows students_department_name_nocase_idx and stops at the limit).
 */
export async function findDepartmentStudents(
  db: Reader,
  params: { departmentId: number; text: string; courseId?: number },
): Promise<{ exact: FoundStudent | null; matches: FoundStudent[] }> {
  const course = params.courseId === undefined ? sql`` : sql`AND s.course_id = ${params.courseId}`;
  const exact =
    (await row<FoundStudent>(
      db,
      sql`SELECT ${FOUND_COLUMNS}
     WHERE s.department_id = ${params.departmentId} AND s.admission_no = ${params.text} COLLATE NOCASE ${course}
     ORDER BY s.id LIMIT 1`,
    )) ?? null;
  const matches = await rows<FoundStudent>(
    db,
    sql`SELECT ${FOUND_COLUMNS}
     WHERE s.department_id = ${params.departmentId} ${course}
       AND ${containsText(db, ['s.name', 's.admission_no', 's.cap_id', 's.phone'], params.text)}
     ORDER BY s.name COLLATE NOCASE, s.id
     LIMIT ${sql.raw(String(FIND_STUDENT_LIMIT + 1))}`,
  );
  return { exact, matches };
}
