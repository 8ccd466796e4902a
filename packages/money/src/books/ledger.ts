import type {
  BooksReceipt,
  BooksConcession,
  BooksRefund,
  BooksSettlement,
  BooksSponsorReceipt,
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
  /** Sponsor receipts dated in the scope. */
  sponsorReceipts?: readonly BooksSponsorReceipt[];
  /** The department's parts of the gateway settlements of the scope. */
  settlements?: readonly BooksSettlement[];
  /** The department's discount changes per day and head in the scope; booked only when the mapping has a ledger. */
  concessions?: readonly BooksConcession[];
  mapping: LedgerMapping;
  granularity: Granularity;
  scope: BooksScope;
  /**
   * Payment modes as the narrations of day vouchers name them (cash -> Cash, upi -> UPI); the mode itself if
   * absent.
   */
  modeLabels?: ReadonlyMap<string, string>;
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

/** Within a day and type: receipts by number, then sponsor receipts, then settlements. */
const SPONSOR_ORDER = 2 ** 40;
const SETTLEMENT_ORDER = 2 ** 41;
const CONCESSION_ORDER = 2 ** 42;

const TYPE_ORDER: Record<VoucherType, number> = { Receipt: 0, Payment: 1, Journal: 2 };

/** Day vouchers of one type: cash first, then the other modes as the day's receipts first used them. */
function modeOrder(mode: string): number {
  return mode === 'cash' ? 0 : 1;
}

/** What one part of a receipt paid for: its amount, and the lines (or pieces of lines) and their GST it covers. */
export interface ModeShare {
  paidPaise: number;
  lines: { feeHeadId: number; amountPaise: number; rateBasisPoints: number; taxPaise: number }[];
}

/**
 * A receipt split over the modes it was paid in, to the paisa: the parts in order fill up with the lines in order,
 * each line's amount and then its GST, a line cut where a part runs out (no rounding: each paisa goes to one part).
 * The parts add up to the lines plus their GST, so every part's share adds up to what it paid.
 */
export function sharesByMode(receipt: Pick<BooksReceipt, 'lines' | 'parts'>): Map<string, ModeShare> {
  const shares = new Map<string, ModeShare>();
  const pieces = receipt.lines
    .flatMap((l) => [
      { line: l, amount: true, paise: l.amountPaise },
      { line: l, amount: false, paise: l.taxPaise },
    ])
    .filter((p) => p.paise > 0);
  let piece = 0;
  let used = 0;
  for (const part of receipt.parts) {
    const share = shares.get(part.mode) ?? { paidPaise: 0, lines: [] };
    shares.set(part.mode, share);
    share.paidPaise += part.amountPaise;
    let left = part.amountPaise;
    while (left > 0 && piece < pieces.length) {
      const { line, amount, paise } = pieces[piece]!;
      const take = Math.min(left, paise - used);
      let row = share.lines.find((x) => x.feeHeadId === line.feeHeadId && x.rateBasisPoints === line.rateBasisPoints);
      if (!row) {
        row = { feeHeadId: line.feeHeadId, amountPaise: 0, rateBasisPoints: line.rateBasisPoints, taxPaise: 0 };
        share.lines.push(row);
      }
      if (amount) row.amountPaise += take;
      else row.taxPaise += take;
      left -= take;
      used += take;
      if (used === paise) {
        piece += 1;
        used = 0;
      }
    }
  }
  return shares;
}

function formatDay(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/**
 * The general ledger of a department's days, the one computation behind the Tally export, the ledger's CSV,
 * XLSX and REST rows: each receipt is a Receipt voucher on its date (debit the ledger of each mode it was paid
 * in, credit each head's ledger with its lines and each rate's Output GST ledger with its tax), a bounced
 * cheque a Journal voucher on the bounce date that reverses its receipt, a refund a Payment voucher (debit the
 * refund ledger, credit its mode's), a sponsor receipt a Receipt voucher (debit its mode's ledger, credit the
 * heads it was allocated to), a gateway settlement a Journal on its day (debit the bank with what it credited,
 * the gateway's charges and their input GST, credit the Online mode's clearing ledger with the gross). By day,
 * one voucher per day, type and mode adds up that day's, a row per head (a receipt paid in two modes split
 * between them by `sharesByMode`). Every voucher balances to the paisa: a receipt's parts add up to its lines
 * plus its GST. Heads and modes without a ledger are listed in `unmapped` (and no vouchers come back), so a
 * caller refuses rather than export a ledger that names no account.
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
  // A sponsor pays fees the books take as income when received, like a family's receipt: the mode's ledger is
  // debited and the income of each head the receipt was allocated to credited (a sponsor receivable would belong to
  // books that accrue fees when they fall due, and these record income as it is received).
  const sponsorRows = (entries: Entries, receipt: BooksSponsorReceipt) => {
    const ledger = modeLedger(receipt.mode);
    if (ledger) entries.add(ledger, receipt.amountPaise);
    for (const line of receipt.lines) {
      const head = headLedger(line.feeHeadId);
      if (head) entries.add(head, -line.amountPaise);
    }
  };
  const refundRows = (entries: Entries, refund: BooksRefund) => {
    entries.add(mapping.refundLedger, refund.amountPaise);
    const ledger = modeLedger(refund.mode);
    if (ledger) entries.add(ledger, -refund.amountPaise);
  };

  const received = input.receipts.filter((r) => inScope(r.date));
  const bounced = input.receipts.filter((r) => r.bouncedOn !== null && inScope(r.bouncedOn));
  const refunds = input.refunds.filter((f) => inScope(f.date));
  const sponsored = (input.sponsorReceipts ?? []).filter((r) => inScope(r.date));
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
    for (const r of sponsored) {
      const entries = new Entries();
      sponsorRows(entries, r);
      const narration = `Sponsor receipt ${r.label}: ${r.sponsorName}`;
      const voucher = { key: `S:${r.number}`, date: r.date, type: 'Receipt' as const, number: r.label, narration };
      push(voucher, entries, SPONSOR_ORDER + r.number);
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
    // One voucher per day, type and mode, its rows per head (and per GST rate): each voucher's debit or credit to the
    // mode's ledger is what the day book shows for that mode, and the voucher stays one Tally Receipt with one cash
    // or bank account, as a Receipt voucher is made by hand.
    const groups = new Map<
      string,
      { date: string; type: VoucherType; mode: string; entries: Entries; labels: string[]; sponsorLabels: string[] }
    >();
    const group = (date: string, type: VoucherType, mode: string) => {
      const key = `D:${date}:${type[0]}:${mode}`;
      let found = groups.get(key);
      if (!found) {
        found = { date, type, mode, entries: new Entries(), labels: [], sponsorLabels: [] };
        groups.set(key, found);
      }
      return found;
    };
    const receiptByMode = (r: BooksReceipt, date: string, type: VoucherType, sign: 1 | -1) => {
      for (const [mode, share] of sharesByMode(r)) {
        const { entries, labels } = group(date, type, mode);
        labels.push(r.label);
        const ledger = modeLedger(mode);
        if (ledger) entries.add(ledger, sign * share.paidPaise);
        for (const line of share.lines) {
          const head = headLedger(line.feeHeadId);
          if (head) entries.add(head, -sign * line.amountPaise);
          if (line.taxPaise !== 0) entries.add(gstLedgerOf(mapping, line.rateBasisPoints), -sign * line.taxPaise);
        }
      }
    };
    for (const r of received) receiptByMode(r, r.date, 'Receipt', 1);
    for (const r of sponsored) {
      const { entries, sponsorLabels } = group(r.date, 'Receipt', r.mode);
      sponsorLabels.push(r.label);
      sponsorRows(entries, r);
    }
    for (const f of refunds) {
      const { entries, labels } = group(f.date, 'Payment', f.mode);
      labels.push(f.label);
      refundRows(entries, f);
    }
    for (const r of bounced) receiptByMode(r, r.bouncedOn!, 'Journal', -1);
    const modeNames = input.modeLabels ?? new Map<string, string>();
    for (const [key, { date, type, mode, entries, labels, sponsorLabels }] of groups) {
      const modeName = modeNames.get(mode) ?? mode;
      const counted = [
        ...(labels.length > 0 ? [`${labels.length} receipt(s), ${labels[0]} to ${labels.at(-1)}`] : []),
        ...(sponsorLabels.length > 0 ? [`sponsor receipt(s) ${sponsorLabels.join(', ')}`] : []),
      ];
      const what =
        type === 'Receipt'
          ? `Fees received in ${modeName} on ${formatDay(date)}: ${counted.join('; ')}`
          : type === 'Payment'
            ? `Refunds in ${modeName} on ${formatDay(date)}: ${labels.join(', ')}`
            : `Cheques bounced on ${formatDay(date)} (${modeName} paid): receipts ${labels.join(', ')}`;
      const number = `D${type[0]}${date.replaceAll('-', '')}-${mode.toUpperCase()}`;
      push({ key, date, type, number, narration: what }, entries, modeOrder(mode));
    }
  }

  // Each settlement of the department's Online payments: a Journal on its day moving the gross out of the gateway's
  // clearing ledger into the bank (what the settlement's UTR credit brought) and the gateway's charges. Booked on the
  // settlement day rather than when a statement line is matched, so reopening a match never changes exported books.
  for (const s of input.settlements ?? []) {
    if (!inScope(s.date)) continue;
    const entries = new Entries();
    const clearing = modeLedger('online');
    entries.add(mapping.gateway.bank, s.amountPaise - s.feePaise - s.taxPaise);
    entries.add(mapping.gateway.charges, s.feePaise);
    entries.add(mapping.gateway.inputGst, s.taxPaise);
    if (clearing) entries.add(clearing, -s.amountPaise);
    const narration = `Gateway settlement ${s.settlementId}, UTR ${s.utr}: ${s.payments} payment(s), fee and GST on it`;
    const voucher = { key: `G:${s.settlementId}`, date: s.date, type: 'Journal' as const, number: `GS-${s.utr}` };
    push({ ...voucher, narration }, entries, SETTLEMENT_ORDER);
  }

  // With concessions booked, each day the department's discounts changed is one Journal whatever the vouchers are: the
  // concession ledger is debited with what was granted that day net of what was withdrawn and each head's income
  // credited with its part (a head whose discounts fell that day debited back), so income shows gross of concessions.
  // It touches no cash or bank ledger: the day's vouchers still tally with the day book per mode.
  const concessionLedger = mapping.concessionLedger ?? null;
  if (concessionLedger) {
    const byDay = new Map<string, Entries>();
    for (const c of input.concessions ?? []) {
      if (!inScope(c.date) || c.changePaise === 0) continue;
      const head = headLedger(c.feeHeadId);
      if (!head) continue;
      let entries = byDay.get(c.date);
      if (!entries) {
        entries = new Entries();
        byDay.set(c.date, entries);
      }
      entries.add(concessionLedger, c.changePaise);
      entries.add(head, -c.changePaise);
    }
    for (const [date, entries] of byDay) {
      if (entries.list().length === 0) continue;
      const narration = `Concessions granted less withdrawn on ${formatDay(date)}, by fee head`;
      const voucher = { key: `C:${date}`, date, type: 'Journal' as const, number: `FC${date.replaceAll('-', '')}` };
      push({ ...voucher, narration }, entries, CONCESSION_ORDER);
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
