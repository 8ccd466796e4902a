/**
 * Gateway settlements: fetched a period at a time from the gateway's reconciliation API or read from its
 * settlement report file, each line kept once by the gateway's id; shown per settlement (gross, the
 * gateway's fee, the GST on it, the net credited with its UTR), each payment matched to its receipt, and
 * the exceptions an accountant must look at, each saying what happened.
 */
import {
  bankLinesOfSettlements,
  insertSettlementLines,
  knownSettlementEntities,
  type NewSettlementLine,
  type OnlineReceiptView,
  onlineReceiptsOfSettlementPeriod,
  paymentExceptionsOfPayments,
  settlementLinesBetween,
  settlementLinesOfPayments,
  writeAudit,
} from '@fees/db';
import {
  addDays,
  lineNetPaise,
  type SettlementException,
  type SettlementLineState,
  settlementExceptions,
  settlementLineProblem,
  settlementLineState,
  SETTLEMENT_LINE_STATES,
  summariseSettlements,
} from '@fees/money';
import {
  formatDate,
  formatRupees,
  receiptLabel,
  refuse,
  type TFetchSettlementsInput,
  type TSettlementReportInput,
  type TSettlementsInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { servesDepartment } from '../../department-access';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import type { GatewaySettlementLine } from '../payments/gateway';
import { gatewayOf, gatewayRefusal, type PaymentsContext } from '../payments/links';
import { inTransaction } from '../write';
import { readSettlementReport } from './report-file';

/** The gateway lines are kept under; a report file is the same gateway's when no gateway is set up. */
const DEFAULT_GATEWAY = 'razorpay';

function newLine(
  gateway: string,
  line: GatewaySettlementLine,
  source: 'api' | 'file',
  userId: number | null,
): NewSettlementLine {
  return {
    gateway,
    entityId: line.entityId,
    type: line.type,
    paymentId: line.paymentId,
    amountPaise: line.amountPaise,
    feePaise: line.feePaise,
    taxPaise: line.taxPaise,
    creditPaise: line.creditPaise,
    debitPaise: line.debitPaise,
    settlementId: line.settlementId,
    utr: line.utr,
    settledAt: line.settledAt,
    // The day the money was settled, in India: what a period and the bank statement go by.
    settledOn: today(new Date(line.settledAt)),
    source,
    importedBy: userId,
  };
}

async function keep(
  ctx: AuthedContext,
  gateway: string,
  lines: readonly GatewaySettlementLine[],
  source: 'api' | 'file',
  about: Record<string, unknown>,
) {
  const actor = actorOf(ctx);
  const rows = lines.map((l) => newLine(gateway, l, source, actor.userId));
  const added = await inTransaction(ctx, async (tx) => {
    const count = await insertSettlementLines(tx, rows);
    await writeAudit(tx, {
      actor,
      action: 'create',
      entity: 'settlement_lines',
      entityId: null,
      after: { ...about, source, lines: rows.length, added: count },
    });
    return count;
  });
  return {
    lines: rows.length,
    added,
    alreadyKept: rows.length - added,
    settlements: new Set(rows.map((r) => r.settlementId)).size,
  };
}

/** Asks the gateway for every day of the period and keeps the lines not kept yet. */
export async function fetchSettlements(ctx: PaymentsContext, input: TFetchSettlementsInput) {
  const { gateway } = gatewayOf(ctx);
  const lines: GatewaySettlementLine[] = [];
  for (let day = input.from; day <= input.to; day = addDays(day, 1)) {
    try {
      lines.push(...(await gateway.settlementLines(day)));
    } catch (error) {
      gatewayRefusal(error, gateway.label, `send its settlements of ${formatDate(day)} (nothing was saved)`);
    }
  }
  for (const line of lines) {
    const problem = settlementLineProblem(line);
    if (problem) refuse('UNAVAILABLE', `${gateway.label} sent ${line.entityId}: ${problem}; nothing was saved`);
  }
  return { from: input.from, to: input.to, ...(await keep(ctx, gateway.name, lines, 'api', input)) };
}

function decodeReport(input: TSettlementReportInput): Uint8Array {
  const bytes = Buffer.from(input.fileBase64, 'base64');
  if (bytes.length === 0) refuse('BAD_INPUT', 'fileBase64: the file is empty');
  return bytes;
}

/** What importing the report would keep, and the rows it cannot read; writes nothing. */
export async function previewSettlementReport(ctx: PaymentsContext, input: TSettlementReportInput) {
  const gateway = ctx.payments?.gateway.name ?? DEFAULT_GATEWAY;
  const read = readSettlementReport(input.fileName, decodeReport(input));
  const known = await knownSettlementEntities(ctx.db, { gateway, entityIds: read.lines.map((l) => l.entityId) });
  const days = read.lines.map((l) => today(new Date(l.settledAt))).sort();
  return {
    lineCount: read.lines.length,
    newCount: read.lines.filter((l) => !known.has(l.entityId)).length,
    alreadyKept: read.lines.filter((l) => known.has(l.entityId)).length,
    settlements: summariseSettlements(read.lines.map((l) => ({ ...l, settledOn: today(new Date(l.settledAt)) }))).slice(
      0,
      50,
    ),
    from: days[0] ?? null,
    to: days.at(-1) ?? null,
    problems: read.problems.slice(0, 50),
    problemCount: read.problems.length,
  };
}

/** Keeps the report's lines not kept yet; a file with a row it cannot read is refused whole. */
export async function importSettlementReport(ctx: PaymentsContext, input: TSettlementReportInput) {
  const gateway = ctx.payments?.gateway.name ?? DEFAULT_GATEWAY;
  const read = readSettlementReport(input.fileName, decodeReport(input));
  if (read.problems.length > 0) {
    const more = read.problems.length > 1 ? ` (and ${read.problems.length - 1} more)` : '';
    refuse('BAD_INPUT', `fileBase64: ${read.problems[0]!.message}${more}; nothing was imported`);
  }
  if (read.lines.length === 0) refuse('BAD_INPUT', 'fileBase64: the report has no settled lines');
  return await keep(ctx, gateway, read.lines, 'file', { fileName: input.fileName });
}

function happened(
  exception: SettlementException,
  receipt: OnlineReceiptView | undefined,
  problems: Map<string, string>,
): string {
  const label = receipt ? receiptLabel(receipt.number) : 'a receipt';
  if (exception.kind === 'not_settled') {
    const r = exception.receipt;
    return (
      `Receipt ${label} of ${formatDate(r.date)} was paid online (${r.paymentId}, ${formatRupees(r.amountPaise)}) ` +
      `and no settlement fetched holds it; it was due by ${formatDate(exception.settleBy)}. Fetch the ` +
      'settlements again, or ask the gateway about the payment.'
    );
  }
  const line = exception.line;
  const settled =
    `settled ${formatRupees(line.amountPaise)} of ${line.entityId} on ${formatDate(line.settledOn)} ` +
    `(${line.settlementId})`;
  if (exception.kind === 'amount_differs') {
    const receipted = formatRupees(exception.receipt.amountPaise);
    return `The gateway ${settled}, but receipt ${label} says ${receipted} was paid online with it.`;
  }
  const problem = problems.get(line.entityId);
  return problem
    ? `The gateway ${settled}; no receipt was made: it is on the payment exceptions list (${problem}).`
    : `The gateway ${settled}; no receipt has this payment as its reference ` +
        '(a payment no link of the office took, or its receipt voided).';
}

/**
 * The settlements made in the period with their lines (each payment's receipt and state), their totals,
 * and the exceptions: the period's settled payments without a receipt or at another amount, and the
 * period's online receipts still unsettled after the working days allowed.
 */
export async function settlementsView(ctx: AuthedContext, input: TSettlementsInput) {
  const periodLines = await settlementLinesBetween(ctx.db, input);
  // A settled payment's receipt may be dated before the period, an online receipt settled after it.
  const receiptsFound = await onlineReceiptsOfSettlementPeriod(ctx.db, input);
  const periodReceipts = receiptsFound.filter((r) => r.date >= input.from && r.date <= input.to);
  const linesOfReceipts = await settlementLinesOfPayments(ctx.db, {
    paymentIds: periodReceipts.map((r) => r.paymentId),
  });
  const receipts = new Map(receiptsFound.map((r) => [r.paymentId, r]));
  const lines = new Map([...periodLines, ...linesOfReceipts].map((l) => [l.entityId, l]));
  const exceptions = settlementExceptions({
    lines: [...lines.values()],
    receipts: [...receipts.values()],
    today: today(),
  });
  const noReceipt = exceptions.flatMap((e) => (e.kind === 'no_receipt' ? [e.line.entityId] : []));
  const problems = new Map(
    (await paymentExceptionsOfPayments(ctx.db, { paymentIds: noReceipt })).map((p) => [p.paymentId, p.problem]),
  );
  const summaries = summariseSettlements(periodLines);
  const banked = new Map(
    (await bankLinesOfSettlements(ctx.db, { settlementIds: summaries.map((s) => s.settlementId) })).map((b) => [
      b.settlementId,
      b,
    ]),
  );
  const shown = periodLines.map((l) => {
    const receipt = l.type === 'payment' ? (receipts.get(l.entityId) ?? null) : null;
    // A settlement holds every department's payments; whoever serves only some sees the others' receipts by
    // their department alone, never the student.
    const own = receipt !== null && servesDepartment(ctx.session, receipt.departmentId);
    return {
      settlementId: l.settlementId,
      entityId: l.entityId,
      type: l.type,
      paymentId: l.paymentId,
      amountPaise: l.amountPaise,
      feePaise: l.feePaise,
      taxPaise: l.taxPaise,
      netPaise: lineNetPaise(l),
      source: l.source,
      state: settlementLineState(l, receipt),
      otherDepartment: receipt !== null && !own ? receipt.department : null,
      receipt: own
        ? {
            number: receipt.number,
            department: receipt.department,
            departmentId: receipt.departmentId,
            date: receipt.date,
            admissionNo: receipt.admissionNo,
            studentName: receipt.studentName,
            amountPaise: receipt.amountPaise,
          }
        : null,
    };
  });
  const stateCounts = Object.fromEntries(
    SETTLEMENT_LINE_STATES.map((s) => [s, shown.filter((l) => l.state === s).length]),
  ) as Record<SettlementLineState, number>;
  return {
    from: input.from,
    to: input.to,
    settlements: summaries.map((s) => ({
      ...s,
      bankLine: banked.get(s.settlementId) ?? null,
      lines: shown.filter((l) => l.settlementId === s.settlementId),
    })),
    totals: summaries.reduce(
      (t, s) => ({
        grossPaise: t.grossPaise + s.grossPaise,
        feePaise: t.feePaise + s.feePaise,
        taxPaise: t.taxPaise + s.taxPaise,
        netPaise: t.netPaise + s.netPaise,
      }),
      { grossPaise: 0, feePaise: 0, taxPaise: 0, netPaise: 0 },
    ),
    stateCounts,
    exceptions: exceptions.map((e) => {
      const paymentId = e.kind === 'not_settled' ? e.receipt.paymentId : e.line.entityId;
      const receipt = receipts.get(paymentId);
      return {
        kind: e.kind,
        paymentId,
        amountPaise: e.kind === 'not_settled' ? e.receipt.amountPaise : e.line.amountPaise,
        date: e.kind === 'not_settled' ? e.receipt.date : e.line.settledOn,
        settlementId: e.kind === 'not_settled' ? null : e.line.settlementId,
        receiptNumber: receipt?.number ?? null,
        department: receipt?.department ?? null,
        happened: happened(e, receipt, problems),
      };
    }),
  };
}
