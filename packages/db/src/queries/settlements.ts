/**
 * Gateway settlements: their lines kept once per gateway id, the lines of a period or of some payments,
 * and the online receipts they are matched to (a live receipt's parts paid online, by the payment id
 * written as their reference).
 */
import type { OnlineReceipt, SettlementLine } from '@fees/money';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { rows } from '../engines';
import { settlementLines } from '../schema';
import { valueList } from './value-list';

export type SettlementLineRow = typeof settlementLines.$inferSelect;
export type NewSettlementLine = Omit<typeof settlementLines.$inferInsert, 'id' | 'importedAt'>;

/** Adds the lines not kept yet (by the gateway's id of each); answers how many were added. */
export async function insertSettlementLines(tx: WriteTx, lines: readonly NewSettlementLine[]): Promise<number> {
  let added = 0;
  // A few hundred lines per statement: SQLite's 999 bound parameters per statement stay far.
  for (let at = 0; at < lines.length; at += 40) {
    const inserted = await tx
      .insert(settlementLines)
      .values(lines.slice(at, at + 40))
      .onConflictDoNothing({ target: [settlementLines.gateway, settlementLines.entityId] })
      .returning({ id: settlementLines.id });
    added += inserted.length;
  }
  return added;
}

/** Which of these gateway ids are kept already. */
export async function knownSettlementEntities(
  db: Reader,
  params: { gateway: string; entityIds: readonly string[] },
): Promise<Set<string>> {
  const known = new Set<string>();
  for (const ids of chunks(params.entityIds)) {
    const found = await db
      .select({ entityId: settlementLines.entityId })
      .from(settlementLines)
      .where(and(eq(settlementLines.gateway, params.gateway), inArray(settlementLines.entityId, ids)));
    for (const f of found) known.add(f.entityId);
  }
  return known;
}

/** Lists of ids cut to a size every engine binds in one statement. */
function chunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let at = 0; at < ids.length; at += 500) out.push(ids.slice(at, at + 500));
  return out;
}

const asLine = (r: SettlementLineRow): SettlementLine & { settledAt: string; source: string } => ({
  entityId: r.entityId,
  type: r.type,
  paymentId: r.paymentId,
  amountPaise: r.amountPaise,
  feePaise: r.feePaise,
  taxPaise: r.taxPaise,
  creditPaise: r.creditPaise,
  debitPaise: r.debitPaise,
  settlementId: r.settlementId,
  utr: r.utr,
  settledOn: r.settledOn,
  settledAt: r.settledAt,
  source: r.source,
});

/** The lines of the settlements made between two days (India), inclusive. */
export async function settlementLinesBetween(db: Reader, params: { from: string; to: string }) {
  const found = await db
    .select()
    .from(settlementLines)
    .where(between(settlementLines.settledOn, params.from, params.to))
    .orderBy(asc(settlementLines.settledOn), asc(settlementLines.settlementId), asc(settlementLines.id));
  return found.map(asLine);
}

/** The lines of the settlements made between two days that no bank statement line is matched to yet. */
export async function unbankedSettlementLines(db: Reader, params: { from: string; to: string }) {
  const found = await db
    .select()
    .from(settlementLines)
    .where(
      and(
        between(settlementLines.settledOn, params.from, params.to),
        sql`${settlementLines.settlementId} NOT IN (SELECT settlement_id FROM bank_statement_lines
          WHERE settlement_id IS NOT NULL)`,
      ),
    )
    .orderBy(asc(settlementLines.settledOn), asc(settlementLines.settlementId), asc(settlementLines.id));
  return found.map(asLine);
}

/** Every kept line about these payments, whenever settled. */
export async function settlementLinesOfPayments(db: Reader, params: { paymentIds: readonly string[] }) {
  const found: SettlementLineRow[] = [];
  for (const ids of chunks(params.paymentIds)) {
    found.push(
      ...(await db
        .select()
        .from(settlementLines)
        .where(inArray(settlementLines.paymentId, ids))
        .orderBy(asc(settlementLines.id))),
    );
  }
  return found.map(asLine);
}

/** An online receipt with what the settlement screens show of it. */
export interface OnlineReceiptView extends OnlineReceipt {
  number: number;
  departmentId: number;
  department: string;
  admissionNo: string;
  studentName: string;
}

const ONLINE_RECEIPTS = sql`SELECT r.id AS "receiptId", p.payment_reference AS "paymentId", r.date,
      sum(p.amount_paise) AS "amountPaise", r.number, r.department_id AS "departmentId",
      d.short_name AS "department", s.admission_no AS "admissionNo", r.student_name AS "studentName"
    FROM receipts r
    JOIN receipt_payments p ON p.receipt_id = r.id AND p.payment_mode = 'online'
    JOIN departments d ON d.id = r.department_id
    JOIN students s ON s.id = r.student_id
    WHERE r.status = 'live' AND p.payment_reference IS NOT NULL`;
const GROUPED = sql`GROUP BY r.id, p.payment_reference, r.date, r.number, r.department_id, d.short_name,
      s.admission_no, r.student_name`;

const numeric = (r: OnlineReceiptView): OnlineReceiptView => ({ ...r, amountPaise: Number(r.amountPaise) });

/**
 * The live receipts paid online that a period's settlements are checked against, one row per receipt and
 * payment id: those dated between the two days (inclusive) and those whose payment a settlement of the
 * period holds, whenever dated (a settled payment's receipt may be dated before the period).
 */
export async function onlineReceiptsOfSettlementPeriod(
  db: Reader,
  params: { from: string; to: string },
): Promise<OnlineReceiptView[]> {
  const found = await rows<OnlineReceiptView>(
    db,
    sql`${ONLINE_RECEIPTS}
      AND (r.date BETWEEN ${params.from} AND ${params.to}
        OR p.payment_reference IN (SELECT entity_id FROM settlement_lines
          WHERE type = 'payment' AND settled_on BETWEEN ${params.from} AND ${params.to}))
      ${GROUPED} ORDER BY r.date, r.number`,
  );
  return found.map(numeric);
}

/** The open or resolved payment exceptions of these payments: what happened to a payment with no receipt. */
export async function paymentExceptionsOfPayments(
  db: Reader,
  params: { paymentIds: readonly string[] },
): Promise<Array<{ paymentId: string; problem: string; status: string }>> {
  const found: Array<{ paymentId: string; problem: string; status: string }> = [];
  for (const ids of chunks(params.paymentIds)) {
    found.push(
      ...(await rows<{ paymentId: string; problem: string; status: string }>(
        db,
        sql`SELECT payment_id AS "paymentId", problem, status FROM payment_exceptions
            WHERE payment_id IN (${valueList(ids)}) ORDER BY id`,
      )),
    );
  }
  return found;
}

/** The bank statement line each of these settlements was matched to. */
export async function bankLinesOfSettlements(
  db: Reader,
  params: { settlementIds: readonly string[] },
): Promise<Array<{ settlementId: string; statementId: number; departmentId: number; date: string; rowNo: number }>> {
  const found: Array<{ settlementId: string; statementId: number; departmentId: number; date: string; rowNo: number }> =
    [];
  for (const ids of chunks(params.settlementIds)) {
    found.push(
      ...(await rows<{ settlementId: string; statementId: number; departmentId: number; date: string; rowNo: number }>(
        db,
        sql`SELECT settlement_id AS "settlementId", statement_id AS "statementId", department_id AS "departmentId",
              date, row_no AS "rowNo"
            FROM bank_statement_lines WHERE state = 'matched' AND settlement_id IN (${valueList(ids)})`,
      )),
    );
  }
  return found;
}
