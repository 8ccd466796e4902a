/**
 * Bank statements and their credit lines: the bank accounts with their remembered column mapping, the
 * statements imported, the receipt parts a credit may be, and each line's state as the accountant moves it.
 */
import type { ReceiptPartCandidate, StatementLineState, StudentCandidate } from '@fees/money';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { row, rows } from '../engines';
import { bankAccounts, bankStatementLines, bankStatements } from '../schema';
import { timestampNow } from './now';

export type BankAccount = typeof bankAccounts.$inferSelect;
export type BankStatement = typeof bankStatements.$inferSelect;
export type NewStatementLine = Omit<typeof bankStatementLines.$inferInsert, 'id' | 'statementId' | 'version'>;

export async function listBankAccounts(db: Reader, params: { departmentId: number }): Promise<BankAccount[]> {
  return await db
    .select()
    .from(bankAccounts)
    .where(eq(bankAccounts.departmentId, params.departmentId))
    .orderBy(asc(bankAccounts.name));
}

export async function findBankAccount(
  db: Reader,
  params: { departmentId: number; name: string },
): Promise<BankAccount | null> {
  const found = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.departmentId, params.departmentId), eq(bankAccounts.name, params.name)));
  return found[0] ?? null;
}

/** The account by its name, created on its first statement; its mapping becomes the one given. */
export async function saveBankAccountMapping(
  tx: WriteTx,
  params: { departmentId: number; name: string; mapping: string },
): Promise<number> {
  const saved = await tx
    .insert(bankAccounts)
    .values(params)
    .onConflictDoUpdate({ target: [bankAccounts.departmentId, bankAccounts.name], set: { mapping: params.mapping } })
    .returning({ id: bankAccounts.id });
  return saved[0]!.id;
}

export async function findStatementByHash(
  db: Reader,
  params: { bankAccountId: number; fileHash: string },
): Promise<BankStatement | null> {
  const found = await db
    .select()
    .from(bankStatements)
    .where(and(eq(bankStatements.bankAccountId, params.bankAccountId), eq(bankStatements.fileHash, params.fileHash)));
  return found[0] ?? null;
}

/** Which of these line hashes the account holds already (from an earlier, overlapping statement). */
export async function knownLineHashes(
  db: Reader,
  params: { bankAccountId: number; hashes: string[] },
): Promise<Set<string>> {
  if (params.hashes.length === 0) return new Set();
  const found = await db
    .select({ hash: bankStatementLines.lineHash })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.bankAccountId, params.bankAccountId),
        inArray(bankStatementLines.lineHash, params.hashes),
      ),
    );
  return new Set(found.map((f) => f.hash));
}

/** A statement and its lines; null when the same file was imported meanwhile (the caller reads that one). */
export async function insertStatement(
  tx: WriteTx,
  statement: Omit<typeof bankStatements.$inferInsert, 'id' | 'importedAt'>,
  lines: NewStatementLine[],
): Promise<number | null> {
  const inserted = await tx
    .insert(bankStatements)
    .values(statement)
    .onConflictDoNothing()
    .returning({ id: bankStatements.id });
  const id = inserted[0]?.id;
  if (id === undefined) return null;
  // Chunks keep each statement within SQLite's limit of bound parameters.
  for (let at = 0; at < lines.length; at += 200) {
    await tx.insert(bankStatementLines).values(lines.slice(at, at + 200).map((line) => ({ ...line, statementId: id })));
  }
  return id;
}

export interface StatementSummary extends BankStatement {
  bankAccount: string;
  totals: Array<{ state: StatementLineState; count: number; amountPaise: number }>;
}

/** A department's statements, newest first, each with the count and sum of its lines per state. */
export async function listStatements(db: Reader, params: { departmentId: number }): Promise<StatementSummary[]> {
  const statements = await db
    .select({ statement: bankStatements, bankAccount: bankAccounts.name })
    .from(bankStatements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatements.bankAccountId))
    .where(eq(bankStatements.departmentId, params.departmentId))
    .orderBy(desc(bankStatements.id));
  const totals = await rows<{ statementId: number; state: StatementLineState; count: number; amountPaise: number }>(
    db,
    sql`SELECT statement_id AS "statementId", state, count(*) AS "count",
          coalesce(sum(amount_paise), 0) AS "amountPaise"
        FROM bank_statement_lines WHERE department_id = ${params.departmentId}
        GROUP BY statement_id, state`,
  );
  return statements.map(({ statement, bankAccount }) => ({
    ...statement,
    bankAccount,
    totals: totals
      .filter((t) => t.statementId === statement.id)
      .map((t) => ({ state: t.state, count: Number(t.count), amountPaise: Number(t.amountPaise) })),
  }));
}

export async function findStatement(db: Reader, id: number): Promise<(BankStatement & { bankAccount: string }) | null> {
  const found = await db
    .select({ statement: bankStatements, bankAccount: bankAccounts.name })
    .from(bankStatements)
    .innerJoin(bankAccounts, eq(bankAccounts.id, bankStatements.bankAccountId))
    .where(eq(bankStatements.id, id));
  return found[0] ? { ...found[0].statement, bankAccount: found[0].bankAccount } : null;
}

export interface StatementLineView {
  id: number;
  statementId: number;
  departmentId: number;
  rowNo: number;
  date: string;
  narration: string;
  reference: string;
  amountPaise: number;
  balancePaise: number | null;
  state: StatementLineState;
  matchRule: string | null;
  receiptId: number | null;
  /** The gateway settlement the credit is, when matched to one. */
  settlementId: string | null;
  receiptNumber: number | null;
  receiptStudent: string | null;
  /** 'voided' when the receipt was voided after the match: the line may be unmatched again. */
  receiptStatus: 'live' | 'voided' | null;
  proposedStudentId: number | null;
  proposedAdmissionNo: string | null;
  proposedName: string | null;
  ignoredReason: string | null;
  version: number;
}

const LINE_VIEW = sql`l.id, l.statement_id AS "statementId", l.department_id AS "departmentId", l.row_no AS "rowNo",
  l.date, l.narration, l.reference, l.amount_paise AS "amountPaise", l.balance_paise AS "balancePaise", l.state,
  l.match_rule AS "matchRule", l.receipt_id AS "receiptId", l.settlement_id AS "settlementId",
  r.number AS "receiptNumber", r.student_name AS "receiptStudent", r.status AS "receiptStatus",
  l.proposed_student_id AS "proposedStudentId", s.admission_no AS "proposedAdmissionNo", s.name AS "proposedName",
  l.ignored_reason AS "ignoredReason", l.version`;

export async function statementLines(db: Reader, params: { statementId: number }): Promise<StatementLineView[]> {
  return await rows<StatementLineView>(
    db,
    sql`SELECT ${LINE_VIEW} FROM bank_statement_lines l
        LEFT JOIN receipts r ON r.id = l.receipt_id
        LEFT JOIN students s ON s.id = l.proposed_student_id
        WHERE l.statement_id = ${params.statementId} ORDER BY l.row_no`,
  );
}

export async function findStatementLine(db: Reader, id: number): Promise<StatementLineView | null> {
  return (
    (await row<StatementLineView>(
      db,
      sql`SELECT ${LINE_VIEW} FROM bank_statement_lines l
          LEFT JOIN receipts r ON r.id = l.receipt_id
          LEFT JOIN students s ON s.id = l.proposed_student_id
          WHERE l.id = ${id}`,
    )) ?? null
  );
}

/**
 * The payment parts of a department's live receipts between two dates that can reach a bank account
 * (cheque, draft, UPI, transfer, online), with a cheque's number, and not yet any statement line's match.
 */
export async function unmatchedReceiptParts(
  db: Reader,
  params: { departmentId: number; from: string; to: string },
): Promise<ReceiptPartCandidate[]> {
  return await rows<ReceiptPartCandidate>(
    db,
    sql`SELECT r.id AS "receiptId", p.part_no AS "partNo", r.date, p.payment_mode AS "mode",
          p.payment_reference AS "reference", c.instrument_no AS "instrumentNo", p.amount_paise AS "amountPaise"
        FROM receipts r
        JOIN receipt_payments p ON p.receipt_id = r.id
        LEFT JOIN cheques c ON c.receipt_id = r.id AND p.payment_mode IN ('cheque', 'dd')
        WHERE r.department_id = ${params.departmentId} AND r.status = 'live'
          AND r.date BETWEEN ${params.from} AND ${params.to}
          AND p.payment_mode IN ('cheque', 'dd', 'upi', 'bank_transfer', 'online')
          AND NOT EXISTS (SELECT 1 FROM bank_statement_lines l WHERE l.receipt_id = r.id AND l.part_no = p.part_no)
        ORDER BY r.date, r.number, p.part_no`,
  );
}

/** A department's students with their admission numbers, for the narrations that name one. */
export async function admissionNumbers(db: Reader, params: { departmentId: number }): Promise<StudentCandidate[]> {
  return await rows<StudentCandidate>(
    db,
    sql`SELECT id AS "studentId", admission_no AS "admissionNo" FROM students
        WHERE department_id = ${params.departmentId}`,
  );
}

/**
 * Moves a line from one of `from` to its new state, if its version is still `version` (when given);
 * false when another accountant moved it first.
 */
export async function moveStatementLine(
  tx: WriteTx,
  change: {
    id: number;
    from: StatementLineState[];
    version?: number;
    state: StatementLineState;
    matchRule: 'by_hand' | null;
    receiptId: number | null;
    partNo: number | null;
    ignoredReason: string | null;
    userId: number | null;
  },
): Promise<boolean> {
  const { id, from, version, state, matchRule, receiptId, partNo, ignoredReason, userId } = change;
  const moved = await tx
    .update(bankStatementLines)
    .set({
      state,
      ...(matchRule ? { matchRule } : {}),
      receiptId,
      partNo,
      // A line moved out of its match is no settlement's any more: the settlement may be another line's.
      settlementId: null,
      ignoredReason,
      decidedBy: userId,
      decidedAt: timestampNow(),
      version: sql`${bankStatementLines.version} + 1`,
    })
    .where(
      and(
        eq(bankStatementLines.id, id),
        inArray(bankStatementLines.state, from),
        version === undefined ? undefined : eq(bankStatementLines.version, version),
      ),
    )
    .returning({ id: bankStatementLines.id });
  return moved.length === 1;
}

/** The receipt a line's acceptance created, as its match (its one payment part). */
export async function setStatementLineReceipt(tx: WriteTx, params: { id: number; receiptId: number }): Promise<void> {
  await tx
    .update(bankStatementLines)
    .set({ receiptId: params.receiptId, partNo: 1 })
    .where(eq(bankStatementLines.id, params.id));
}
