/**
 * The books: what the day book holds of a department's closed days, turned into the vouchers of a double-entry
 * general ledger (Tally's Receipt, Payment and Journal vouchers). Amounts are integer paise.
 */

/** A receipt as the day book reads it: live, or voided by its cheque's bounce (then `bouncedOn` is set). */
export interface BooksReceipt {
  number: number;
  /** As printed: #0007. */
  label: string;
  date: string;
  admissionNo: string;
  studentName: string;
  /** The fee lines, pre-tax, each with the GST rate and tax it was issued with (0 on an exempt head). */
  lines: readonly { feeHeadId: number; amountPaise: number; rateBasisPoints: number; taxPaise: number }[];
  /** How it was paid: each part's amount; the parts add up to the lines plus their GST. */
  parts: readonly { mode: string; amountPaise: number }[];
  /** The date its cheque or draft bounced (the receipt was voided by it), or null. */
  bouncedOn: string | null;
}

/** A live refund voucher: money paid back out of a student's advance. */
export interface BooksRefund {
  number: number;
  /** As printed: R12. */
  label: string;
  date: string;
  admissionNo: string;
  studentName: string;
  mode: string;
  amountPaise: number;
}

/**
 * A sponsor's receipt (one cheque or transfer for many students, in the department's SP series), with what it paid
 * per fee head: the allocations to the sponsor's shares added up by head. Its amount is the lines' sum.
 */
export interface BooksSponsorReceipt {
  number: number;
  /** As printed: SP4. */
  label: string;
  date: string;
  sponsorName: string;
  mode: string;
  amountPaise: number;
  lines: readonly { feeHeadId: number; amountPaise: number }[];
}

/**
 * The department's part of one gateway settlement: the payment lines whose payment is one of its Online receipts,
 * with the gateway's fee and the GST on it that those lines bore (each line carries its own, so the department's
 * share is exact to the paisa). The bank is credited with amount - fee - tax.
 */
export interface BooksSettlement {
  /** The gateway's settlement id (setl_...). */
  settlementId: string;
  utr: string;
  /** The settlement's day in India. */
  date: string;
  /** How many of the department's payments it settled. */
  payments: number;
  amountPaise: number;
  feePaise: number;
  taxPaise: number;
}

/**
 * What a department's discounts on one fee head changed by on one business day, from their dated history: positive
 * when concessions were granted (or raised), negative when withdrawn (or lowered).
 */
export interface BooksConcession {
  date: string;
  feeHeadId: number;
  changePaise: number;
}

/** Which ledger of the accountant's books each kind of money goes to, for one department. */
export interface LedgerMapping {
  /** Fee head id -> income ledger (the Advance head -> the liability ledger for advances). */
  heads: ReadonlyMap<number, string>;
  /** Fee head id -> its name, to name a head that has no ledger. */
  headNames: ReadonlyMap<number, string>;
  /** Payment mode -> cash or bank ledger ('advance': the liability ledger the advance is held in). */
  modes: ReadonlyMap<string, string>;
  /** Debited by a refund (the advance it is paid back from). */
  refundLedger: string;
  /** Output GST ledger per rate in hundredths of a percent (1800 -> "Output GST 18%"), credited with its tax. */
  gstLedgers: ReadonlyMap<number, string>;
  /** The name a rate with no ledger of its own takes, followed by the rate: "Output GST" -> "Output GST 12%". */
  gstLedgerBase: string;
  /**
   * A settlement's ledgers: the gateway's fee is debited to `charges`, the GST on it to `inputGst`, what reached the
   * bank to `bank`; the gross is credited to the Online mode's ledger (the gateway's clearing ledger).
   */
  gateway: { charges: string; inputGst: string; bank: string };
  /**
   * Where concessions are booked (debited, the head's income credited, so income shows gross of them); null: they
   * are not booked, and the books hold only what was received.
   */
  concessionLedger?: string | null;
}

export type Granularity = 'receipt' | 'day';

export type VoucherType = 'Receipt' | 'Payment' | 'Journal';

/** One row of a voucher: positive paise are a debit, negative a credit. */
export interface LedgerEntry {
  ledger: string;
  amountPaise: number;
}

export interface Voucher {
  /**
   * What the voucher stands for, stable across exports (R:7 receipt 7, P:12 refund 12, J:7 the bounce of receipt 7,
   * S:4 sponsor receipt 4, G:setl_X the charges of settlement setl_X, C:2026-07-01 the day's concessions,
   * D:2026-07-01:R the day's receipts...): a
   * later export compares a voucher with what was sent under its key.
   */
  key: string;
  date: string;
  type: VoucherType;
  number: string;
  narration: string;
  /** Debits first, then credits; one row per ledger; they add up to zero. */
  entries: LedgerEntry[];
}

/** A head or payment mode the vouchers need and the mapping has no ledger for. */
export interface Unmapped {
  kind: 'head' | 'mode';
  /** The fee head's name or the payment mode. */
  name: string;
}

export interface GeneralLedger {
  vouchers: Voucher[];
  unmapped: Unmapped[];
}
