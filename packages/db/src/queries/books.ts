/**
 * The books: a department's ledger mapping, what its closed days hold for the general ledger (the receipts with
 * their lines and parts, the bounces and refunds the day book reads), and the log of what was exported.
 */
import { DEFAULT_GATEWAY_LEDGERS } from '@fees/validation';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Reader, WriteTx } from '../client';
import { rows } from '../engines';
import {
  booksExports,
  booksExportVouchers,
  dayClosings,
  feeHeads,
  ledgerMappingRows,
  ledgerMappings,
  users,
} from '../schema';
import { timestampNow } from './now';
import { valueList } from './value-list';

export interface StoredLedgerMapping {
  departmentId: number;
  company: string;
  costCentre: string | null;
  refundLedger: string;
  /** The Output GST ledgers' name before the rate, for a rate with no ledger of its own. */
  gstLedger: string;
  version: number;
  /** The vouchers an export makes unless asked otherwise: one per receipt, or per day, type and mode. */
  granularity: 'receipt' | 'day';
  /** Whether concessions are booked (a Journal per day the discounts changed), and to which ledger. */
  concessions: 'not_booked' | 'booked';
  concessionLedger: string;
  /** The first day whose discount changes are booked (null: every day). */
  concessionsFrom: string | null;
  /** The GST rates of taxable heads and those mapped, each with its ledger (null: the default, named after it). */
  gst: { rateBasisPoints: number; ledger: string | null }[];
  /** Every fee head, with its ledger or null (none yet). */
  heads: { feeHeadId: number; name: string; ledger: string | null }[];
  /** The modes that have a ledger. */
  modes: { mode: string; ledger: string }[];
  /** A gateway settlement's ledgers: the gateway's fee, the GST on it, the bank the net is paid into. */
  gateway: { charges: string; inputGst: string; bank: string };
}

/** A department's ledger mapping; null before the server first started with the department. */
export async function findLedgerMapping(db: Reader, depId: number): Promise<StoredLedgerMapping | null> {
  const [mapping] = await db.select().from(ledgerMappings).where(eq(ledgerMappings.departmentId, depId));
  if (!mapping) return null;
  const mapped = await db.select().from(ledgerMappingRows).where(eq(ledgerMappingRows.departmentId, depId));
  const headLedgers = new Map(mapped.filter((r) => r.kind === 'head').map((r) => [Number(r.key), r.ledger]));
  const heads = await db
    .select({
      id: feeHeads.id,
      name: feeHeads.name,
      treatment: feeHeads.gstTreatment,
      rate: feeHeads.gstRateBasisPoints,
    })
    .from(feeHeads)
    .orderBy(asc(feeHeads.name));
  const gstLedgers = new Map(mapped.filter((r) => r.kind === 'gst').map((r) => [Number(r.key), r.ledger]));
  const rates = new Set([
    ...gstLedgers.keys(),
    ...heads.filter((h) => h.treatment === 'taxable' && h.rate > 0).map((h) => h.rate),
  ]);
  return {
    departmentId: depId,
    company: mapping.company,
    costCentre: mapping.costCentre,
    refundLedger: mapping.refundLedger,
    gstLedger: mapping.gstLedger,
    version: mapping.version,
    granularity: mapping.granularity,
    concessions: mapping.concessions,
    concessionLedger: mapping.concessionLedger,
    concessionsFrom: mapping.concessionsFrom,
    gst: [...rates]
      .sort((a, b) => a - b)
      .map((rate) => ({ rateBasisPoints: rate, ledger: gstLedgers.get(rate) ?? null })),
    heads: heads.map((h) => ({ feeHeadId: h.id, name: h.name, ledger: headLedgers.get(h.id) ?? null })),
    modes: mapped.filter((r) => r.kind === 'mode').map((r) => ({ mode: r.key, ledger: r.ledger })),
    gateway: {
      ...DEFAULT_GATEWAY_LEDGERS,
      ...Object.fromEntries(mapped.filter((r) => r.kind === 'gateway').map((r) => [r.key, r.ledger])),
    },
  };
}

/** Replaces a department's mapping; false when its version is no longer `version` (another admin saved since). */
export async function saveLedgerMapping(
  tx: WriteTx,
  params: {
    depId: number;
    version: number | undefined;
    company: string;
    costCentre: string | null;
    refundLedger: string;
    gstLedger: string;
    granularity?: 'receipt' | 'day';
    concessions?: 'not_booked' | 'booked';
    concessionLedger?: string;
    concessionsFrom?: string;
    heads: readonly { feeHeadId: number; ledger: string }[];
    modes: readonly { mode: string; ledger: string }[];
    gst: readonly { rateBasisPoints: number; ledger: string }[];
    gateway?: { charges: string; inputGst: string; bank: string };
    userId: number | null;
  },
): Promise<boolean> {
  const { depId, version } = params;
  const updated = await tx
    .update(ledgerMappings)
    .set({
      company: params.company,
      costCentre: params.costCentre,
      refundLedger: params.refundLedger,
      gstLedger: params.gstLedger,
      ...(params.granularity ? { granularity: params.granularity } : {}),
      ...(params.concessions ? { concessions: params.concessions } : {}),
      ...(params.concessionLedger ? { concessionLedger: params.concessionLedger } : {}),
      ...(params.concessionsFrom ? { concessionsFrom: params.concessionsFrom } : {}),
      updatedBy: params.userId,
      updatedAt: timestampNow(),
      version: sql`${ledgerMappings.version} + 1`,
    })
    .where(
      and(
        eq(ledgerMappings.departmentId, depId),
        version === undefined ? undefined : eq(ledgerMappings.version, version),
      ),
    )
    .returning({ version: ledgerMappings.version });
  if (updated.length !== 1) return false;
  const kept = params.gateway ? undefined : ne(ledgerMappingRows.kind, 'gateway');
  await tx.delete(ledgerMappingRows).where(and(eq(ledgerMappingRows.departmentId, depId), kept));
  const values = [
    ...params.heads.map((h) => ({
      departmentId: depId,
      kind: 'head' as const,
      key: String(h.feeHeadId),
      ledger: h.ledger,
    })),
    ...params.modes.map((m) => ({ departmentId: depId, kind: 'mode' as const, key: m.mode, ledger: m.ledger })),
    ...params.gst.map((g) => ({
      departmentId: depId,
      kind: 'gst' as const,
      key: String(g.rateBasisPoints),
      ledger: g.ledger,
    })),
    ...Object.entries(params.gateway ?? {}).map(([key, ledger]) => ({
      departmentId: depId,
      kind: 'gateway' as const,
      key,
      ledger,
    })),
  ];
  if (values.length > 0) await tx.insert(ledgerMappingRows).values(values);
  return true;
}

/**
 * Holds the department's books until the transaction ends, before an export reads its log: on PostgreSQL, where
 * writes run in parallel, a second export of the same days waits for the first and reads its log (the same row lock
 * as an UPDATE, without changing the row); on SQLite the write transaction already holds the database.
 */
export async function lockBooksOfDepartment(tx: WriteTx, depId: number): Promise<void> {
  await tx
    .update(ledgerMappings)
    .set({ version: sql`${ledgerMappings.version}` })
    .where(eq(ledgerMappings.departmentId, depId));
}

/** The dates of a range that a department has closed. */
export async function closedDaysIn(
  db: Reader,
  params: { depId: number; from: string; to: string },
): Promise<Set<string>> {
  const closed = await db
    .select({ date: dayClosings.date })
    .from(dayClosings)
    .where(
      and(eq(dayClosings.departmentId, params.depId), sql`${dayClosings.date} BETWEEN ${params.from} AND ${params.to}`),
    );
  return new Set(closed.map((c) => c.date));
}

/** A date column within a range or on one of further single days. */
function inDaysSql(column: ReturnType<typeof sql.raw>, params: { from: string; to: string; days: readonly string[] }) {
  return params.days.length === 0
    ? sql`${column} BETWEEN ${params.from} AND ${params.to}`
    : sql`(${column} BETWEEN ${params.from} AND ${params.to} OR ${column} IN (${valueList(params.days)}))`;
}

export interface BooksSourceReceipt {
  id: number;
  number: number;
  date: string;
  admissionNo: string;
  studentName: string;
  bouncedOn: string | null;
  lines: { feeHeadId: number; amountPaise: number; rateBasisPoints: number; taxPaise: number }[];
  parts: { mode: string; amountPaise: number }[];
}

export interface BooksSourceRefund {
  number: number;
  date: string;
  admissionNo: string;
  studentName: string;
  mode: string;
  amountPaise: number;
}

/**
 * What the general ledger of a department's days is made of, as the day book reads it: the receipts dated in them
 * that are live or were voided by their cheque's bounce, the receipts whose cheque bounced in them, and the live
 * refunds dated in them. The days: a range and any further single days.
 */
export async function booksSource(
  db: Reader,
  params: { depId: number; from: string; to: string; days: readonly string[] },
): Promise<{ receipts: BooksSourceReceipt[]; refunds: BooksSourceRefund[] }> {
  const inDays = (column: ReturnType<typeof sql.raw>) => inDaysSql(column, params);
  // The receipts of the days; their lines and parts are read with the same condition (not a list of their ids,
  // whose changing length would make PostgreSQL prepare a new statement for every size).
  const bounce = sql`LEFT JOIN cheques c ON c.receipt_id = r.id AND c.status = 'bounced'`;
  const chosen = sql`r.department_id = ${params.depId}
      AND ((${inDays(sql.raw('r.date'))} AND (r.status = 'live' OR c.id IS NOT NULL))
        OR (c.id IS NOT NULL AND ${inDays(sql.raw('c.bounced_on'))}))`;
  const found = await rows<Omit<BooksSourceReceipt, 'lines' | 'parts'>>(
    db,
    sql`
    SELECT r.id AS id, r.number AS number, r.date AS date, s.admission_no AS "admissionNo",
      r.student_name AS "studentName", c.bounced_on AS "bouncedOn"
    FROM receipts r JOIN students s ON s.id = r.student_id ${bounce}
    WHERE ${chosen}
    ORDER BY r.number`,
  );
  const receiptsById = new Map<number, BooksSourceReceipt>(found.map((r) => [r.id, { ...r, lines: [], parts: [] }]));
  const ofChosen = sql`receipt_id IN (SELECT r.id FROM receipts r ${bounce} WHERE ${chosen})`;
  const lines = await rows<BooksSourceReceipt['lines'][number] & { receiptId: number }>(
    db,
    sql`SELECT receipt_id AS "receiptId", fee_head_id AS "feeHeadId", amount_paise AS "amountPaise",
          tax_rate_basis_points AS "rateBasisPoints", tax_paise AS "taxPaise"
        FROM receipt_lines WHERE ${ofChosen} ORDER BY receipt_id, line_no`,
  );
  for (const { receiptId, ...line } of lines) receiptsById.get(receiptId)!.lines.push(line);
  const parts = await rows<{ receiptId: number; mode: string; amountPaise: number }>(
    db,
    sql`SELECT receipt_id AS "receiptId", payment_mode AS mode, amount_paise AS "amountPaise"
        FROM receipt_payments WHERE ${ofChosen} ORDER BY receipt_id, part_no`,
  );
  for (const { receiptId, ...part } of parts) receiptsById.get(receiptId)!.parts.push(part);
  const refunds = await rows<BooksSourceRefund>(
    db,
    sql`
    SELECT f.number AS number, f.date AS date, s.admission_no AS "admissionNo", f.student_name AS "studentName",
      f.payment_mode AS mode, f.amount_paise AS "amountPaise"
    FROM refunds f JOIN students s ON s.id = f.student_id
    WHERE f.department_id = ${params.depId} AND f.status = 'live' AND ${inDays(sql.raw('f.date'))}
    ORDER BY f.number`,
  );
  return { receipts: [...receiptsById.values()], refunds };
}

export interface BooksSourceSponsorReceipt {
  number: number;
  date: string;
  sponsorName: string;
  mode: string;
  amountPaise: number;
  /** What it paid per fee head: its allocations added up by the head of their share. */
  lines: { feeHeadId: number; amountPaise: number }[];
}

export interface BooksSourceSettlement {
  settlementId: string;
  utr: string;
  date: string;
  payments: number;
  amountPaise: number;
  feePaise: number;
  taxPaise: number;
}

/** A department's sponsor receipts dated in a range or on further single days, with what they paid per head. */
export async function booksSponsorReceipts(
  db: Reader,
  params: { depId: number; from: string; to: string; days: readonly string[] },
): Promise<BooksSourceSponsorReceipt[]> {
  const chosen = sql`sr.department_id = ${params.depId} AND ${inDaysSql(sql.raw('sr.date'), params)}`;
  const found = await rows<Omit<BooksSourceSponsorReceipt, 'lines'> & { id: number }>(
    db,
    sql`SELECT sr.id AS id, sr.number AS number, sr.date AS date, sp.name AS "sponsorName", sr.mode AS mode,
          sr.amount_paise AS "amountPaise"
        FROM sponsor_receipts sr JOIN sponsors sp ON sp.id = sr.sponsor_id
        WHERE ${chosen} ORDER BY sr.number`,
  );
  const byId = new Map(found.map(({ id, ...r }) => [id, { ...r, lines: [] } as BooksSourceSponsorReceipt]));
  const lines = await rows<{ receiptId: number; feeHeadId: number; amountPaise: number }>(
    db,
    sql`SELECT a.sponsor_receipt_id AS "receiptId", sh.fee_head_id AS "feeHeadId", SUM(a.amount_paise) AS "amountPaise"
        FROM sponsor_receipt_allocations a
        JOIN sponsorships sh ON sh.id = a.sponsorship_id
        JOIN sponsor_receipts sr ON sr.id = a.sponsor_receipt_id
        WHERE ${chosen}
        GROUP BY a.sponsor_receipt_id, sh.fee_head_id ORDER BY a.sponsor_receipt_id, MIN(a.id)`,
  );
  for (const { receiptId, feeHeadId, amountPaise } of lines)
    byId.get(receiptId)!.lines.push({ feeHeadId, amountPaise: Number(amountPaise) });
  return [...byId.values()];
}

/**
 * The department's part of each gateway settlement of a range or further single days: the settled payments that
 * are its live Online receipts (by the gateway's payment id, their reference), with the fee and GST those payments
 * bore. A payment no receipt holds (an exception still open) is in no department's part until it becomes one.
 */
export async function booksSettlements(
  db: Reader,
  params: { depId: number; from: string; to: string; days: readonly string[] },
): Promise<BooksSourceSettlement[]> {
  const found = await rows<BooksSourceSettlement>(
    db,
    sql`SELECT l.settlement_id AS "settlementId", l.utr AS utr, l.settled_on AS date, COUNT(*) AS payments,
          SUM(l.amount_paise) AS "amountPaise", SUM(l.fee_paise) AS "feePaise", SUM(l.tax_paise) AS "taxPaise"
        FROM settlement_lines l
        WHERE l.type = 'payment' AND ${inDaysSql(sql.raw('l.settled_on'), params)}
          AND EXISTS (SELECT 1 FROM receipt_payments p JOIN receipts r ON r.id = p.receipt_id
            WHERE p.payment_mode = 'online' AND p.payment_reference = l.payment_id
              AND r.status = 'live' AND r.department_id = ${params.depId})
        GROUP BY l.settlement_id, l.utr, l.settled_on ORDER BY l.settled_on, l.settlement_id`,
  );
  return found.map((s) => ({
    ...s,
    payments: Number(s.payments),
    amountPaise: Number(s.amountPaise),
    feePaise: Number(s.feePaise),
    taxPaise: Number(s.taxPaise),
  }));
}

export interface StoredExportVoucher {
  kind: 'voucher' | 'reversal';
  /** The voucher as sent, as JSON. */
  voucher: string;
}

/** Every voucher the department's exports put in the books (sent ones: not pending or failed), in order. */
export async function booksExportLog(db: Reader, depId: number): Promise<StoredExportVoucher[]> {
  return await db
    .select({ kind: booksExportVouchers.kind, voucher: booksExportVouchers.voucher })
    .from(booksExportVouchers)
    .innerJoin(booksExports, eq(booksExports.id, booksExportVouchers.exportId))
    .where(and(eq(booksExportVouchers.departmentId, depId), eq(booksExports.status, 'sent')))
    .orderBy(asc(booksExportVouchers.id));
}

export interface PendingBooksExport {
  id: number;
  exportedByEmail: string | null;
  exportedAt: string;
}

/** The department's send to Tally still waiting for Tally's answer, if any. */
export async function findPendingBooksExport(db: Reader, depId: number): Promise<PendingBooksExport | null> {
  const [pending] = await db
    .select({ id: booksExports.id, exportedByEmail: users.email, exportedAt: booksExports.exportedAt })
    .from(booksExports)
    .leftJoin(users, eq(users.id, booksExports.exportedBy))
    .where(and(eq(booksExports.departmentId, depId), eq(booksExports.status, 'pending')));
  return pending ?? null;
}

/** Ends a pending send: sent (its vouchers are in the books from now on) or failed, with Tally's answer. */
export async function finishBooksExport(
  tx: WriteTx,
  params: { id: number; status: 'sent' | 'failed'; tallyAnswer: string },
): Promise<void> {
  await tx
    .update(booksExports)
    .set({ status: params.status, tallyAnswer: params.tallyAnswer })
    .where(and(eq(booksExports.id, params.id), eq(booksExports.status, 'pending')));
}

/** Records an export and the vouchers it sent; its id. */
export async function insertBooksExport(
  tx: WriteTx,
  params: Omit<typeof booksExports.$inferInsert, 'id' | 'exportedAt'> & {
    vouchers: readonly { kind: 'voucher' | 'reversal'; key: string; date: string; revision: number; voucher: string }[];
  },
): Promise<number> {
  const { vouchers, ...row } = params;
  const [inserted] = await tx.insert(booksExports).values(row).returning({ id: booksExports.id });
  const exportId = inserted!.id;
  for (let start = 0; start < vouchers.length; start += 200) {
    await tx.insert(booksExportVouchers).values(
      vouchers.slice(start, start + 200).map((v) => ({
        exportId,
        departmentId: row.departmentId,
        kind: v.kind,
        voucherKey: v.key,
        date: v.date,
        revision: v.revision,
        voucher: v.voucher,
      })),
    );
  }
  return exportId;
}

export interface BooksExportRow {
  id: number;
  dateFrom: string;
  dateTo: string;
  granularity: 'receipt' | 'day';
  via: 'file' | 'tally';
  status: 'pending' | 'sent' | 'failed';
  voucherCount: number;
  reversalCount: number;
  tallyAnswer: string | null;
  exportedByEmail: string | null;
  exportedAt: string;
}

/** A department's exports, newest first. */
export async function listBooksExports(db: Reader, depId: number): Promise<BooksExportRow[]> {
  return await db
    .select({
      id: booksExports.id,
      dateFrom: booksExports.dateFrom,
      dateTo: booksExports.dateTo,
      granularity: booksExports.granularity,
      via: booksExports.via,
      status: booksExports.status,
      voucherCount: booksExports.voucherCount,
      reversalCount: booksExports.reversalCount,
      tallyAnswer: booksExports.tallyAnswer,
      exportedByEmail: users.email,
      exportedAt: booksExports.exportedAt,
    })
    .from(booksExports)
    .leftJoin(users, eq(users.id, booksExports.exportedBy))
    .where(eq(booksExports.departmentId, depId))
    .orderBy(desc(booksExports.id));
}
