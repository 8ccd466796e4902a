/**
 * The gateway's settlement report as downloaded from its dashboard (CSV or XLSX): the same columns as
 * its settlement reconciliation API, amounts in rupees, times as dates with a time of day (India) or
 * Unix seconds. Each row is read into a settlement line or a message naming the row and the column.
 */
import { settlementLineProblem } from '@fees/money';
import { parseStatementAmount, parseStatementDate } from '@fees/validation';
import type { GatewaySettlementLine } from '../payments/gateway';
import { statementRows } from '../reconciliation/statement-file';

/** The columns a report must have; the others (currency, order_id, method...) are not needed. */
const REQUIRED = ['entity_id', 'type', 'debit', 'credit', 'amount', 'settled_at', 'settlement_id'] as const;
const OPTIONAL = ['fee', 'tax', 'settlement_utr', 'payment_id'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

export interface ReportProblem {
  rowNo: number;
  message: string;
}

export interface ReadReport {
  lines: Array<GatewaySettlementLine & { rowNo: number }>;
  problems: ReportProblem[];
}

const header = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, '_');

/** "15/10/2026 15:31:09", "2026-10-15 15:31", "2026-10-15" (India time), or Unix seconds: an ISO instant. */
export function reportInstant(text: string): string | null {
  const t = text.trim();
  if (/^\d{9,11}$/.test(t)) return new Date(Number(t) * 1000).toISOString();
  const day = parseStatementDate(t);
  if (!day) return null;
  const time = /\s(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$/.exec(t);
  const [h, m, s] = time ? [Number(time[1]), Number(time[2]), Number(time[3] ?? 0)] : [0, 0, 0];
  if (h > 23 || m > 59 || s > 59) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return new Date(`${day}T${pad(h)}:${pad(m)}:${pad(s)}+05:30`).toISOString();
}

export function readSettlementReport(fileName: string, bytes: Uint8Array): ReadReport {
  const rows = statementRows(fileName, bytes);
  const headerAt = rows.findIndex((r) => REQUIRED.every((c) => r.cells.map(header).includes(c)));
  if (headerAt === -1) {
    return {
      lines: [],
      problems: [
        {
          rowNo: rows[0]?.rowNo ?? 1,
          message: `No header row with the report's columns (${REQUIRED.join(', ')}): is this the settlement report?`,
        },
      ],
    };
  }
  const names = rows[headerAt]!.cells.map(header);
  const index = Object.fromEntries([...REQUIRED, ...OPTIONAL].map((c) => [c, names.indexOf(c)])) as Record<
    Column,
    number
  >;
  const lines: ReadReport['lines'] = [];
  const problems: ReportProblem[] = [];
  for (const row of rows.slice(headerAt + 1)) {
    const cell = (c: Column) => (index[c] === -1 ? '' : (row.cells[index[c]] ?? '').trim());
    const wrong = (message: string) => problems.push({ rowNo: row.rowNo, message: `Row ${row.rowNo}: ${message}` });
    const paise = (c: Column) => {
      const value = parseStatementAmount(cell(c));
      if (value === null) wrong(`${c} "${cell(c)}" is not an amount in rupees`);
      return value;
    };
    const entityId = cell('entity_id');
    const settlementId = cell('settlement_id');
    if (!entityId) {
      wrong('entity_id is empty');
      continue;
    }
    if (!settlementId) {
      wrong(`settlement_id is empty (${entityId} is not settled yet)`);
      continue;
    }
    const amounts = {
      amountPaise: paise('amount'),
      fee: paise('fee'),
      tax: paise('tax'),
      creditPaise: paise('credit'),
      debitPaise: paise('debit'),
    };
    const settledAt = reportInstant(cell('settled_at'));
    if (!settledAt) wrong(`settled_at "${cell('settled_at')}" is not a date and time`);
    if (Object.values(amounts).some((v) => v === null) || !settledAt) continue;
    const type = cell('type').toLowerCase();
    const line: GatewaySettlementLine & { rowNo: number } = {
      rowNo: row.rowNo,
      entityId: entityId.slice(0, 100),
      type: type.slice(0, 40),
      paymentId: type === 'payment' ? entityId : cell('payment_id') || null,
      amountPaise: amounts.amountPaise!,
      // The gateway's fee includes the GST on it; the product keeps the two apart.
      feePaise: amounts.fee! - amounts.tax!,
      taxPaise: amounts.tax!,
      creditPaise: amounts.creditPaise!,
      debitPaise: amounts.debitPaise!,
      settlementId: settlementId.slice(0, 100),
      utr: cell('settlement_utr').slice(0, 100),
      settledAt,
    };
    const problem = settlementLineProblem(line);
    if (problem) {
      wrong(`${entityId}: ${problem}`);
      continue;
    }
    lines.push(line);
  }
  return { lines, problems };
}
