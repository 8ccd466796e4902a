/**
 * The books of a department: its ledger mapping, the general ledger of its closed days (one computation,
 * `generalLedger` of @fees/money, behind the screen, the CSV and XLSX, the REST rows and the Tally XML), and the
 * exports to Tally with their log, from which the next export reverses what changed after it.
 */
import {
  type BooksExportRow,
  booksExportLog,
  booksSettlements,
  booksSource,
  booksSponsorReceipts,
  closedDaysIn,
  discountChangesOf,
  finishBooksExport,
  findLedgerMapping,
  findPendingBooksExport,
  insertBooksExport,
  listBooksExports,
  lockBooksOfDepartment,
  type Reader,
  type StoredLedgerMapping,
  saveLedgerMapping,
  type WriteTx,
  writeAudit,
} from '@fees/db';
import {
  debitCredit,
  type ExportLogEntry,
  type Granularity,
  generalLedger,
  gstLedgerOf,
  type LedgerMapping,
  type PlannedVoucher,
  planExport,
  type SentVoucher,
  standingVouchers,
  type Voucher,
} from '@fees/money';
import {
  clockTime,
  formatDate,
  PAYMENT_MODE_LABELS,
  receiptLabel,
  refundLabel,
  refuse,
  sponsorReceiptLabel,
  type TBooksExportInput,
  type TBooksLedgerInput,
  type TBooksLogInput,
  type TLedgerMappingInput,
  type TReceiptPaymentMode,
  type TSaveLedgerMappingInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { inTransaction } from '../write';
import { type TallyAnswer, sendToTally } from './tally-client';
import { tallyXml } from './tally-xml';

async function storedMapping(db: Reader, depId: number): Promise<StoredLedgerMapping> {
  const mapping = await findLedgerMapping(db, depId);
  if (!mapping) refuse('NOT_FOUND', 'This department has no ledger mapping yet: restart the server once');
  return mapping;
}

function ledgerMappingOf(stored: StoredLedgerMapping): LedgerMapping {
  return {
    heads: new Map(stored.heads.flatMap((h) => (h.ledger ? [[h.feeHeadId, h.ledger] as const] : []))),
    headNames: new Map(stored.heads.map((h) => [h.feeHeadId, h.name])),
    modes: new Map(stored.modes.map((m) => [m.mode, m.ledger])),
    refundLedger: stored.refundLedger,
    gstLedgers: new Map(stored.gst.flatMap((g) => (g.ledger ? [[g.rateBasisPoints, g.ledger] as const] : []))),
    gstLedgerBase: stored.gstLedger,
    gateway: stored.gateway,
    concessionLedger: stored.concessions === 'booked' ? stored.concessionLedger : null,
  };
}

/** Each day of a range, in order. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** Only closed days go to the books: the first open day of the range is refused by its date. */
async function assertClosed(db: Reader, input: { depId: number; from: string; to: string }): Promise<void> {
  const closed = await closedDaysIn(db, input);
  const open = daysOf(input.from, input.to).find((day) => !closed.has(day));
  if (open) refuse('CONFLICT', `${formatDate(open)} is not closed: only closed days go to the books`);
}

/** The general ledger of the range and of further single days, or a refusal naming heads and modes with no ledger. */
async function ledgerOf(
  db: Reader,
  params: { depId: number; from: string; to: string; granularity: Granularity; days: readonly string[] },
  mapping: StoredLedgerMapping,
): Promise<Voucher[]> {
  const source = await booksSource(db, params);
  const sponsorReceipts = await booksSponsorReceipts(db, params);
  const concessionDays = [params.from, params.to, ...params.days].sort();
  // Concessions are booked from the first day asked for, or from the day booking was switched on when that is later.
  let bookedFrom = concessionDays[0]!;
  if (mapping.concessionsFrom && mapping.concessionsFrom > bookedFrom) bookedFrom = mapping.concessionsFrom;
  const concessions =
    mapping.concessions === 'booked' && bookedFrom <= concessionDays.at(-1)!
      ? await discountChangesOf(db, { depId: params.depId, from: bookedFrom, to: concessionDays.at(-1)! })
      : [];
  const { vouchers, unmapped } = generalLedger({
    receipts: source.receipts.map((r) => ({ ...r, label: receiptLabel(r.number) })),
    refunds: source.refunds.map((f) => ({ ...f, label: refundLabel(f.number) })),
    sponsorReceipts: sponsorReceipts.map((r) => ({ ...r, label: sponsorReceiptLabel(r.number) })),
    settlements: await booksSettlements(db, params),
    concessions,
    mapping: ledgerMappingOf(mapping),
    granularity: params.granularity,
    scope: { from: params.from, to: params.to, days: params.days },
    modeLabels: new Map(Object.entries(PAYMENT_MODE_LABELS)),
  });
  if (unmapped.length > 0) {
    const names = unmapped.map((u) =>
      u.kind === 'head'
        ? `the fee head "${u.name}"`
        : `the payment mode "${PAYMENT_MODE_LABELS[u.name as TReceiptPaymentMode] ?? u.name}"`,
    );
    refuse('CONFLICT', `No ledger for ${names.join(', ')}: give each one a ledger in Ledger mapping before exporting`);
  }
  return vouchers;
}

export interface LedgerRow {
  date: string;
  voucherType: string;
  voucherNumber: string;
  ledger: string;
  debitPaise: number;
  creditPaise: number;
  narration: string;
}

function rowsOf(vouchers: readonly Voucher[]): LedgerRow[] {
  return vouchers.flatMap((v) =>
    v.entries.map((e) => ({
      date: v.date,
      voucherType: v.type,
      voucherNumber: v.number,
      ledger: e.ledger,
      ...debitCredit(e),
      narration: v.narration,
    })),
  );
}

function totalsOf(vouchers: readonly Voucher[]) {
  const rows = rowsOf(vouchers);
  return {
    debitPaise: rows.reduce((sum, r) => sum + r.debitPaise, 0),
    creditPaise: rows.reduce((sum, r) => sum + r.creditPaise, 0),
  };
}

/** The vouchers of a department's closed days as they are now, with the mapping they were made with. */
async function closedDaysVouchers(ctx: AuthedContext, input: TBooksLedgerInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  await assertClosed(ctx.db, input);
  const mapping = await storedMapping(ctx.db, input.depId);
  const granularity = input.granularity ?? mapping.granularity;
  return { vouchers: await ledgerOf(ctx.db, { ...input, granularity, days: [] }, mapping), mapping };
}

/** The general ledger of a department's closed days as they are now: vouchers, their rows and totals. */
export async function booksLedger(ctx: AuthedContext, input: TBooksLedgerInput) {
  const { vouchers, mapping } = await closedDaysVouchers(ctx, input);
  return { vouchers, rows: rowsOf(vouchers), totals: totalsOf(vouchers), company: mapping.company };
}

/** The Tally XML of the range's vouchers as they are now (for other programs: nothing is recorded as exported). */
export async function booksTallyXml(ctx: AuthedContext, input: TBooksLedgerInput) {
  const { vouchers, mapping } = await closedDaysVouchers(ctx, input);
  return { fileName: fileNameOf(input), xml: tallyXml(vouchers, tallyOptionsOf(mapping)) };
}

function tallyOptionsOf(mapping: StoredLedgerMapping) {
  const income = mapping.heads.flatMap((h) => (h.ledger ? [h.ledger] : []));
  const gst = ledgerMappingOf(mapping);
  const notIncome = new Set([
    ...mapping.modes.map((m) => m.ledger),
    mapping.refundLedger,
    mapping.gateway.inputGst,
    mapping.gateway.bank,
    ...mapping.gst.map((g) => gstLedgerOf(gst, g.rateBasisPoints)),
  ]);
  return {
    company: mapping.company,
    costCentre: mapping.costCentre,
    // The department's income and the gateway's charges on its payments: its own profit and loss in a shared company.
    costCentreLedgers: new Set([
      ...income.filter((ledger) => !notIncome.has(ledger)),
      mapping.gateway.charges,
      ...(mapping.concessions === 'booked' ? [mapping.concessionLedger] : []),
    ]),
  };
}

function fileNameOf(input: { depId: number; from: string; to: string }): string {
  return `tally_${input.depId}_${input.from}_${input.to}.xml`;
}

/** What an export of the range would send now, from the department's export log. */
async function planOf(db: Reader, asked: TBooksExportInput) {
  await assertClosed(db, asked);
  const mapping = await storedMapping(db, asked.depId);
  const input = { ...asked, granularity: asked.granularity ?? mapping.granularity };
  const log: ExportLogEntry[] = (await booksExportLog(db, input.depId)).map((row) => ({
    kind: row.kind,
    voucher: JSON.parse(row.voucher) as SentVoucher,
  }));
  const standing = standingVouchers(log);
  const byDay = input.granularity === 'day';
  for (const sent of standing.values()) {
    // A settlement's and a day's concessions' voucher are the same either way; every other voucher is one receipt's
    // or one day and mode's.
    const eitherWay = sent.key.startsWith('G:') || sent.key.startsWith('C:');
    if (sent.date >= input.from && sent.date <= input.to && !eitherWay && sent.key.startsWith('D:') !== byDay) {
      const was = sent.key.startsWith('D:') ? 'one voucher per day and mode' : 'one voucher per receipt';
      refuse(
        'CONFLICT',
        `${formatDate(sent.date)} was exported as ${was}: export it the same way (Ledger mapping, Vouchers)`,
      );
    }
  }
  // Days sent before, outside the range, are computed again when closed (each the way it was sent): a change since
  // gives its reversal now.
  const earlier = [...new Set([...standing.values()].map((v) => v.date))]
    .filter((d) => d < input.from || d > input.to)
    .sort();
  const closedEarlier =
    earlier.length === 0
      ? new Set<string>()
      : await closedDaysIn(db, { ...input, from: earlier[0]!, to: earlier.at(-1)! });
  const days = earlier.filter((d) => closedEarlier.has(d));
  const sentByDay = new Set([...standing.values()].filter((v) => v.key.startsWith('D:')).map((v) => v.date));
  const current = await ledgerOf(db, { ...input, days: [] }, mapping);
  for (const granularity of ['receipt', 'day'] as const) {
    const again = days.filter((d) => sentByDay.has(d) === (granularity === 'day'));
    if (again.length > 0)
      current.push(
        ...(await ledgerOf(db, { ...input, granularity, from: again[0]!, to: again[0]!, days: again }, mapping)),
      );
  }
  const plan = planExport({
    current,
    log,
    days: new Set([...daysOf(input.from, input.to), ...days]),
    repeat: input.repeat,
  });
  return {
    plan,
    mapping,
    granularity: input.granularity,
    waitingDays: earlier.filter((d) => !closedEarlier.has(d)),
  };
}

function overlapping(exports: readonly BooksExportRow[], input: { from: string; to: string }) {
  return exports.filter((e) => e.dateFrom <= input.to && e.dateTo >= input.from);
}

/** The vouchers an export would send (new, reversals and replacements), with the earlier exports of these days. */
export async function booksPreview(ctx: AuthedContext, input: TBooksExportInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const { plan, waitingDays, granularity } = await planOf(ctx.db, input);
  return {
    granularity,
    vouchers: plan.vouchers,
    totals: totalsOf(plan.vouchers),
    alreadySent: plan.alreadySent,
    earlierExports: overlapping(await listBooksExports(ctx.db, input.depId), input),
    waitingDays,
  };
}

function nothingToSend(plan: { vouchers: readonly PlannedVoucher[]; alreadySent: number }, input: TBooksExportInput) {
  if (plan.vouchers.length > 0) return;
  if (plan.alreadySent > 0)
    refuse(
      'CONFLICT',
      `The ${plan.alreadySent} voucher(s) of ${formatDate(input.from)} to ${formatDate(input.to)} were exported ` +
        'already and nothing changed since: tick "Export again" to send them a second time',
    );
  refuse('CONFLICT', `No vouchers from ${formatDate(input.from)} to ${formatDate(input.to)}`);
}

function loggedVouchers(vouchers: readonly PlannedVoucher[]) {
  return vouchers.map(({ kind, reason: _, ...voucher }) => ({
    kind,
    key: voucher.key,
    date: voucher.date,
    revision: voucher.revision,
    voucher: JSON.stringify(voucher),
  }));
}

/** Exports the range as a Tally XML file: the vouchers go to the log in the same transaction. */
export function exportBooks(ctx: AuthedContext, input: TBooksExportInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  return inTransaction(ctx, async (tx, ctx) => {
    await lockBooksOfDepartment(tx, input.depId);
    await clearStaleSend(tx, input.depId);
    const { plan, mapping, granularity } = await planOf(tx, input);
    nothingToSend(plan, input);
    const reversalCount = plan.vouchers.filter((v) => v.kind === 'reversal').length;
    const exportId = await insertBooksExport(tx, {
      departmentId: input.depId,
      dateFrom: input.from,
      dateTo: input.to,
      granularity,
      via: 'file',
      voucherCount: plan.vouchers.length,
      reversalCount,
      tallyAnswer: null,
      exportedBy: ctx.session.userId,
      vouchers: loggedVouchers(plan.vouchers),
    });
    return {
      exportId,
      fileName: fileNameOf(input),
      xml: tallyXml(plan.vouchers, tallyOptionsOf(mapping)),
      voucherCount: plan.vouchers.length,
      reversalCount,
    };
  });
}

function answerText(answer: TallyAnswer): string {
  const counts =
    `Created ${answer.created}, altered ${answer.altered}, errors ${answer.errors}` +
    (answer.exceptions > 0 ? `, exceptions ${answer.exceptions}` : '');
  return answer.lineErrors.length > 0 ? `${counts}: ${answer.lineErrors.join('; ')}` : counts;
}

/**
 * A send to Tally still pending after this long was cut off (its server stopped before Tally's answer came back:
 * Tally itself is given a minute), and the days may be sent again.
 */
export const STALE_SEND_MS = 5 * 60_000;

/**
 * Refuses while another send of the department's books waits for Tally's answer, naming who sends and since when; a
 * send pending for longer than STALE_SEND_MS is marked failed, and its vouchers count as never sent. Runs under
 * `lockBooksOfDepartment`, so two claims are never both made.
 */
async function clearStaleSend(tx: WriteTx, depId: number): Promise<{ abandonedAt: string } | null> {
  const pending = await findPendingBooksExport(tx, depId);
  if (!pending) return null;
  const since = clockTime(new Date(pending.exportedAt));
  if (Date.now() - Date.parse(pending.exportedAt) < STALE_SEND_MS)
    refuse(
      'CONFLICT',
      `${pending.exportedByEmail ?? 'Another user'} is sending this department's books to Tally since ${since} ` +
        `(${formatDate(pending.exportedAt.slice(0, 10))}): wait for Tally's answer, then look at the export log`,
    );
  await finishBooksExport(tx, {
    id: pending.id,
    status: 'failed',
    tallyAnswer: "No answer recorded: the send was cut off before Tally's answer came back",
  });
  return { abandonedAt: pending.exportedAt };
}

/**
 * Posts the range's vouchers to Tally's HTTP port and shows its answer, posting them once however often Send is
 * pressed or on however many servers: the send is first claimed (a pending export with its vouchers, written under
 * the department's books lock, while no other send is pending), then posted, then marked sent or failed with Tally's
 * answer. Only a send Tally took whole (every voucher created or altered, no errors, no exceptions) counts as
 * exported; otherwise the accountant fixes Tally and sends again, and when Tally did create some of them the message
 * says so, since sending again creates those a second time unless they are deleted in Tally first.
 */
export async function sendBooksToTally(ctx: AuthedContext, input: TBooksExportInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const claim = await inTransaction(ctx, async (tx, ctx) => {
    await lockBooksOfDepartment(tx, input.depId);
    const abandoned = await clearStaleSend(tx, input.depId);
    const { plan, mapping, granularity } = await planOf(tx, input);
    nothingToSend(plan, input);
    const exportId = await insertBooksExport(tx, {
      departmentId: input.depId,
      dateFrom: input.from,
      dateTo: input.to,
      granularity,
      via: 'tally',
      status: 'pending',
      voucherCount: plan.vouchers.length,
      reversalCount: plan.vouchers.filter((v) => v.kind === 'reversal').length,
      tallyAnswer: null,
      exportedBy: ctx.session.userId,
      vouchers: loggedVouchers(plan.vouchers),
    });
    return { exportId, count: plan.vouchers.length, xml: tallyXml(plan.vouchers, tallyOptionsOf(mapping)), abandoned };
  });
  const finish = (status: 'sent' | 'failed', tallyAnswer: string) =>
    inTransaction(ctx, (tx) => finishBooksExport(tx, { id: claim.exportId, status, tallyAnswer }));
  let answer: TallyAnswer;
  try {
    answer = await sendToTally(claim.xml);
  } catch (error) {
    await finish('failed', error instanceof Error ? error.message : String(error));
    throw error;
  }
  // The cut-off send may have reached Tally before its server stopped: its vouchers may now be there twice.
  const warning = claim.abandoned
    ? `An earlier send of ${clockTime(new Date(claim.abandoned.abandonedAt))} never had Tally's answer: look in ` +
      "Tally's Day Book for vouchers there twice"
    : null;
  const cutOff = warning ? `. ${warning}` : '';
  const taken = answer.created + answer.altered;
  if (answer.errors > 0 || answer.exceptions > 0 || taken !== claim.count) {
    await finish('failed', answerText(answer));
    const partly =
      taken > 0
        ? `. Tally did take ${taken} of the ${claim.count} vouchers: delete them in Tally before sending ` +
          'again, or they will be there twice'
        : '';
    return {
      answer,
      exportId: null,
      warning,
      message: `Tally refused the import (${answerText(answer)}). Nothing was recorded as exported${partly}${cutOff}`,
    };
  }
  await finish('sent', answerText(answer));
  return {
    answer,
    exportId: claim.exportId,
    warning,
    message: `Tally took the vouchers: ${answerText(answer)}${cutOff}`,
  };
}

/** A department's export log, newest first. */
export async function booksExports(ctx: AuthedContext, input: TBooksLogInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  return await listBooksExports(ctx.db, input.depId);
}

/** A department's ledger mapping, every fee head listed (null: no ledger yet) and every payment mode. */
export async function ledgerMapping(ctx: AuthedContext, input: TLedgerMappingInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  return await storedMapping(ctx.db, input.depId);
}

/** The admin renames the ledgers of a department's books; audited with the mapping before and after. */
export function saveMapping(ctx: AuthedContext, input: TSaveLedgerMappingInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const before = await storedMapping(tx, input.depId);
    // Switched on without a day named: booked from today, never the history of days long exported.
    const switchedOn = input.concessions === 'booked' && before.concessions !== 'booked';
    const concessionsFrom = input.concessionsFrom ?? (switchedOn ? today() : undefined);
    const saved = await saveLedgerMapping(tx, {
      ...input,
      concessionsFrom,
      version: input.version,
      userId: ctx.session.userId,
    });
    if (!saved) refuse('STALE', 'Another administrator changed this mapping since you opened it: reload it');
    const after = await storedMapping(tx, input.depId);
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'ledger_mapping',
      entityId: input.depId,
      before,
      after,
    });
    return { ...after, message: 'Ledger mapping saved' };
  });
}
