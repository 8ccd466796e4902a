import type {
  BooksReceipt,
  BooksRefund,
  GeneralLedger,
  Granularity,
  LedgerEntry,
  LedgerMapping,
  Unmapped,
  Voucher,
  VoucherType,
} from './types';

/** The days a ledger covers: a range, and any further single days (already exported days to check again). */
export interface BooksScope {
  from: string;
  to: string;
  days?: readonly string[];
}

export interface GeneralLedgerInput {
  /** Receipts dated in the scope (live, or voided by a bounce) and receipts whose cheque bounced in it. */
  receipts: readonly BooksReceipt[];
  /** Live refunds dated in the scope. */
  refunds: readonly BooksRefund[];
  mapping: LedgerMapping;
  granularity: Granularity;
  scope: BooksScope;
}

/** Adds signed amounts per ledger, keeping the order each ledger was first met in. */
class Entries {
  private readonly byLedger = new Map<string, number>();

  add(ledger: string, amountPaise: number): void {
    this.byLedger.set(ledger, (this.byLedger.get(ledger) ?? 0) + amountPaise);
  }

  /** Debits first, then credits; ledgers that net to zero are left out. */
  list(): LedgerEntry[] {
    const all = [...this.byLedger].map(([ledger, amountPaise]) => ({ ledger, amountPaise }));
    return [...all.filter((e) => e.amountPaise > 0), ...all.filter((e) => e.amountPaise < 0)];
  }
}

/** A GST rate as CAs name it, from hundredths of a percent: 1800 -> 18%, 250 -> 2.5%. */
export function gstRateText(rateBasisPoints: number): string {
  return `${rateBasisPoints / 100}%`;
}

/** The Output GST ledger of a rate: its own in the mapping, else the base name followed by the rate. */
export function gstLedgerOf(mapping: Pick<LedgerMapping, 'gstLedgers' | 'gstLedgerBase'>, rate: number): string {
  return mapping.gstLedgers.get(rate) ?? `${mapping.gstLedgerBase} ${gstRateText(rate)}`;
}

const TYPE_ORDER: Record<VoucherType, number> = { Receipt: 0, Payment: 1, Journal: 2 };

function formatDay(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/**
 * The general ledger of a department's days, the one computation behind the Tally export, the ledger's CSV, XLSX
 * and REST rows: each receipt is a Receipt voucher on its date (debit the ledger of each mode it was paid in, credit
 * each head's ledger with its lines and each rate's Output GST ledger with its tax), a bounced cheque a Journal voucher on the
 * bounce date that reverses its receipt, a refund a Payment voucher (debit the refund ledger, credit its mode's).
 * By day, one voucher of each type per day adds up that day's. Every voucher balances to the paisa: a receipt's
 * parts add up to its lines plus its GST. Heads and modes without a ledger are listed in `unmapped` (and no
 * vouchers come back), so a caller refuses rather than export a ledger that names no account.
 */
export function generalLedger(input: GeneralLedgerInput): GeneralLedger {
  const { mapping, scope } = input;
  const extraDays = new Set(scope.days ?? []);
  const inScope = (date: string) => (date >= scope.from && date <= scope.to) || extraDays.has(date);
  const unmapped = new Map<string, Unmapped>();
  const headLedger = (feeHeadId: number) => {
    const ledger = mapping.heads.get(feeHeadId);
    if (ledger) return ledger;
    const name = mapping.headNames.get(feeHeadId) ?? `fee head ${feeHeadId}`;
    unmapped.set(`head:${name}`, { kind: 'head', name });
    return null;
  };
  const modeLedger = (mode: string) => {
    const ledger = mapping.modes.get(mode);
    if (ledger) return ledger;
    unmapped.set(`mode:${mode}`, { kind: 'mode', name: mode });
    return null;
  };

  /** A receipt's rows, signed as received (sign -1 reverses them). */
  const receiptRows = (entries: Entries, receipt: BooksReceipt, sign: 1 | -1) => {
    for (const part of receipt.parts) {
      const ledger = modeLedger(part.mode);
      if (ledger) entries.add(ledger, sign * part.amountPaise);
    }
    for (const line of receipt.lines) {
      const ledger = headLedger(line.feeHeadId);
      if (ledger) entries.add(ledger, -sign * line.amountPaise);
    }
    for (const line of receipt.lines)
      if (line.taxPaise !== 0) entries.add(gstLedgerOf(mapping, line.rateBasisPoints), -sign * line.taxPaise);
  };
  const refundRows = (entries: Entries, refund: BooksRefund) => {
    entries.add(mapping.refundLedger, refund.amountPaise);
    const ledger = modeLedger(refund.mode);
    if (ledger) entries.add(ledger, -refund.amountPaise);
  };

  const received = input.receipts.filter((r) => inScope(r.date));
  const bounced = input.receipts.filter((r) => r.bouncedOn !== null && inScope(r.bouncedOn));
  const refunds = input.refunds.filter((f) => inScope(f.date));
  const vouchers: (Voucher & { order: number })[] = [];
  const push = (voucher: Omit<Voucher, 'entries'>, entries: Entries, order: number) =>
    vouchers.push({ ...voucher, entries: entries.list(), order });

  if (input.granularity === 'receipt') {
    for (const r of received) {
      const entries = new Entries();
      receiptRows(entries, r, 1);
      const narration = `Receipt ${r.label}: ${r.admissionNo} ${r.studentName}`;
      push({ key: `R:${r.number}`, date: r.date, type: 'Receipt', number: r.label, narration }, entries, r.number);
    }
    for (const f of refunds) {
      const entries = new Entries();
      refundRows(entries, f);
      const narration = `Refund ${f.label}: ${f.admissionNo} ${f.studentName}`;
      push({ key: `P:${f.number}`, date: f.date, type: 'Payment', number: f.label, narration }, entries, f.number);
    }
    for (const r of bounced) {
      const entries = new Entries();
      receiptRows(entries, r, -1);
      const narration = `Cheque bounced: receipt ${r.label} of ${formatDay(r.date)}, ${r.admissionNo} ${r.studentName}`;
      const number = `B${r.label}`;
      push({ key: `J:${r.number}`, date: r.bouncedOn!, type: 'Journal', number, narration }, entries, r.number);
    }
  } else {
    const byDay = <T>(items: readonly T[], dateOf: (item: T) => string) => {
      const days = new Map<string, T[]>();
      for (const item of items) days.set(dateOf(item), [...(days.get(dateOf(item)) ?? []), item]);
      return days;
    };
    for (const [date, day] of byDay(received, (r) => r.date)) {
      const entries = new Entries();
      for (const r of day) receiptRows(entries, r, 1);
      const narration = `Fees received on ${formatDay(date)}: ${day.length} receipt(s), ${day[0]!.label} to ${day.at(-1)!.label}`;
      push(
        { key: `D:${date}:R`, date, type: 'Receipt', number: `DR${date.replaceAll('-', '')}`, narration },
        entries,
        0,
      );
    }
    for (const [date, day] of byDay(refunds, (f) => f.date)) {
      const entries = new Entries();
      for (const f of day) refundRows(entries, f);
      const narration = `Refunds on ${formatDay(date)}: ${day.map((f) => f.label).join(', ')}`;
      push(
        { key: `D:${date}:P`, date, type: 'Payment', number: `DP${date.replaceAll('-', '')}`, narration },
        entries,
        0,
      );
    }
    for (const [date, day] of byDay(bounced, (r) => r.bouncedOn!)) {
      const entries = new Entries();
      for (const r of day) receiptRows(entries, r, -1);
      const narration = `Cheques bounced on ${formatDay(date)}: receipts ${day.map((r) => r.label).join(', ')}`;
      push(
        { key: `D:${date}:J`, date, type: 'Journal', number: `DJ${date.replaceAll('-', '')}`, narration },
        entries,
        0,
      );
    }
  }

  vouchers.sort((a, b) =>
    a.date !== b.date ? a.date.localeCompare(b.date) : TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || a.order - b.order,
  );
  if (unmapped.size > 0) return { vouchers: [], unmapped: [...unmapped.values()] };
  const result = vouchers.map(({ order: _, ...voucher }) => voucher);
  for (const voucher of result) assertBalanced(voucher);
  return { vouchers: result, unmapped: [] };
}

/** Debits equal credits; a voucher that does not is a broken receipt in the data, never sent to the books. */
function assertBalanced(voucher: Voucher): void {
  const sum = voucher.entries.reduce((total, e) => total + e.amountPaise, 0);
  if (sum !== 0) throw new Error(`Voucher ${voucher.number} of ${voucher.date} is off by ${sum} paise`);
}

/** Debit and credit of a voucher row, as the general ledger's columns show them. */
export function debitCredit(entry: LedgerEntry): { debitPaise: number; creditPaise: number } {
  return entry.amountPaise >= 0
    ? { debitPaise: entry.amountPaise, creditPaise: 0 }
    : { debitPaise: 0, creditPaise: -entry.amountPaise };
}
