/**
 * Bank statement reconciliation: which receipt each credit of a statement is, which student a credit
 * that is no receipt yet probably comes from, and what is left for a person. Plain data in, plain data
 * out: the server reads the candidates, this decides, the server writes the outcome.
 */
import { daysBetween } from './plans/dates';

/** The states a statement line ends in; their sums add up to the statement's credits. */
export const STATEMENT_LINE_STATES = ['matched', 'receipt_created', 'ignored', 'unmatched'] as const;
export type StatementLineState = (typeof STATEMENT_LINE_STATES)[number];

/** One credit of a bank statement, as the matching sees it. */
export interface StatementCredit {
  /** The caller's own id of the line, handed back with its outcome. */
  key: number;
  /** yyyy-MM-dd, the day the bank credited it. */
  date: string;
  narration: string;
  /** The bank's reference column: UTR, cheque number, transaction id; '' when the bank gives none. */
  reference: string;
  amountPaise: number;
}

/** One payment part of a live receipt that a bank credit can be: the modes that reach the bank account. */
export interface ReceiptPartCandidate {
  receiptId: number;
  partNo: number;
  date: string;
  mode: string;
  /** UPI id, UTR or transaction number typed at the counter. */
  reference: string | null;
  /** A cheque's or draft's number. */
  instrumentNo: string | null;
  amountPaise: number;
}

/** A student whose admission number a narration may carry. */
export interface StudentCandidate {
  studentId: number;
  admissionNo: string;
}

/** A student's open dues (a demand notice's total): a credit of exactly that much may be theirs. */
export interface OpenDues {
  studentId: number;
  amountPaise: number;
}

/** A gateway settlement not yet any statement line's match: its net reaches the bank in one credit. */
export interface SettlementCandidate {
  settlementId: string;
  utr: string;
  /** yyyy-MM-dd, the day the gateway settled it. */
  settledOn: string;
  netPaise: number;
}

export type MatchRule = 'instrument' | 'reference' | 'admission_no' | 'dues_amount' | 'settlement';

export type CreditOutcome =
  | { key: number; state: 'matched'; receiptId: number; partNo: number; rule: 'instrument' | 'reference' }
  | { key: number; state: 'matched'; settlementId: string; rule: 'settlement' }
  | { key: number; state: 'unmatched'; proposal: { studentId: number; rule: 'admission_no' | 'dues_amount' } | null };

/**
 * A cheque is credited after clearing, days or weeks after the receipt; a transfer or UPI the same day or the
 * next, though the clerk may write the receipt a day or two after seeing it. Receipts outside these bounds
 * around the credit are never its match.
 */
export const MATCH_DAYS_BEFORE = 45;
export const MATCH_DAYS_AFTER = 3;

const INSTRUMENT_MODES = new Set(['cheque', 'dd']);
const REFERENCE_MODES = new Set(['upi', 'bank_transfer', 'online']);
/** Shorter references and admission numbers ("12", "A1") are found by chance in any narration. */
const MIN_TOKEN_LENGTH = 4;
const MIN_ADMISSION_NO_LENGTH = 3;

/** Upper case letters and digits only: "utr: 4123-5678" and "UTR41235678" compare equal. */
export function compactReference(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** A cheque number without its leading zeros: banks print "004411" as "4411" and the other way round. */
function instrumentDigits(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+/, '');
}

/** Whether `needle` stands in `text` on its own: no letter or digit touches it on either side. */
function containsWord(text: string, needle: string): boolean {
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + needle.length] ?? '';
    if (!/[A-Z0-9]/.test(before) && !/[A-Z0-9]/.test(after)) return true;
  }
  return false;
}

function withinWindow(credit: StatementCredit, part: ReceiptPartCandidate): boolean {
  const days = daysBetween(part.date, credit.date);
  return days >= -MATCH_DAYS_AFTER && days <= MATCH_DAYS_BEFORE;
}

/** The rule by which a receipt part is this credit, or null. The amount always agrees to the paisa. */
function ruleFor(credit: StatementCredit, part: ReceiptPartCandidate): 'instrument' | 'reference' | null {
  if (part.amountPaise !== credit.amountPaise || !withinWindow(credit, part)) return null;
  if (INSTRUMENT_MODES.has(part.mode)) {
    const number = instrumentDigits(part.instrumentNo ?? '');
    if (number.length < MIN_TOKEN_LENGTH) return null;
    const words = `${credit.reference} ${credit.narration}`.split(/[^0-9]+/).map((w) => w.replace(/^0+/, ''));
    return words.includes(number) ? 'instrument' : null;
  }
  if (REFERENCE_MODES.has(part.mode)) {
    const reference = compactReference(part.reference ?? '');
    if (reference.length < MIN_TOKEN_LENGTH) return null;
    if (compactReference(credit.reference) === reference) return 'reference';
    return containsWord(credit.narration.toUpperCase(), (part.reference ?? '').trim().toUpperCase()) ||
      compactReference(credit.narration).includes(reference)
      ? 'reference'
      : null;
  }
  return null;
}

/**
 * A settlement's credit without its UTR in the line still reaches the account the day of the settlement or the
 * next.
 */
export const SETTLEMENT_MATCH_DAYS = 1;

/**
 * How near a settlement is to being this credit: null when it cannot be (another amount, a credit before
 * the settlement, or neither its UTR on the line nor the credit within a day of it); 0 when the line
 * carries its UTR, else the days between.
 */
function settlementDistance(credit: StatementCredit, settlement: SettlementCandidate): number | null {
  if (settlement.netPaise !== credit.amountPaise) return null;
  const days = daysBetween(settlement.settledOn, credit.date);
  if (days < 0) return null;
  const utr = compactReference(settlement.utr);
  const carries =
    utr.length >= MIN_TOKEN_LENGTH &&
    (compactReference(credit.reference) === utr || compactReference(credit.narration).includes(utr));
  if (carries) return 0;
  return days <= SETTLEMENT_MATCH_DAYS ? days + 1 : null;
}

/**
 * Decides every credit of a statement: matched to a receipt part (an instrument or reference found on the
 * line and the same amount, within the days around the credit; the nearest receipt date wins, and no
 * part is taken twice), else to a gateway settlement (its net, on or after its day, with its UTR on the line
 * or within a day; the UTR first, then the nearest, and no settlement taken twice), else unmatched with a
 * proposal when the narration names exactly one student's admission number, or the amount is exactly one
 * student's open dues, or none.
 */
export function matchStatement(input: {
  credits: readonly StatementCredit[];
  parts: readonly ReceiptPartCandidate[];
  students: readonly StudentCandidate[];
  openDues: readonly OpenDues[];
  settlements?: readonly SettlementCandidate[];
}): CreditOutcome[] {
  const taken = new Set<string>();
  const settled = new Set<string>();
  const partKey = (p: ReceiptPartCandidate) => `${p.receiptId}:${p.partNo}`;
  const admissionNos = input.students
    .map((s) => ({ studentId: s.studentId, word: s.admissionNo.trim().toUpperCase() }))
    .filter((s) => s.word.length >= MIN_ADMISSION_NO_LENGTH);
  const duesByAmount = new Map<number, number[]>();
  for (const dues of input.openDues) {
    if (dues.amountPaise <= 0) continue;
    duesByAmount.set(dues.amountPaise, [...(duesByAmount.get(dues.amountPaise) ?? []), dues.studentId]);
  }

  return input.credits.map((credit): CreditOutcome => {
    let best: { part: ReceiptPartCandidate; rule: 'instrument' | 'reference'; distance: number } | null = null;
    for (const part of input.parts) {
      if (taken.has(partKey(part))) continue;
      const rule = ruleFor(credit, part);
      if (!rule) continue;
      const distance = Math.abs(daysBetween(part.date, credit.date));
      if (!best || distance < best.distance) best = { part, rule, distance };
    }
    if (best) {
      taken.add(partKey(best.part));
      return {
        key: credit.key,
        state: 'matched',
        receiptId: best.part.receiptId,
        partNo: best.part.partNo,
        rule: best.rule,
      };
    }
    let nearest: { settlement: SettlementCandidate; distance: number } | null = null;
    for (const settlement of input.settlements ?? []) {
      if (settled.has(settlement.settlementId)) continue;
      const distance = settlementDistance(credit, settlement);
      if (distance !== null && (!nearest || distance < nearest.distance)) nearest = { settlement, distance };
    }
    if (nearest) {
      settled.add(nearest.settlement.settlementId);
      return { key: credit.key, state: 'matched', settlementId: nearest.settlement.settlementId, rule: 'settlement' };
    }
    const narration = credit.narration.toUpperCase();
    const named = new Set(admissionNos.filter((s) => containsWord(narration, s.word)).map((s) => s.studentId));
    if (named.size === 1) {
      return { key: credit.key, state: 'unmatched', proposal: { studentId: [...named][0]!, rule: 'admission_no' } };
    }
    const owing = duesByAmount.get(credit.amountPaise) ?? [];
    if (named.size === 0 && owing.length === 1) {
      return { key: credit.key, state: 'unmatched', proposal: { studentId: owing[0]!, rule: 'dues_amount' } };
    }
    return { key: credit.key, state: 'unmatched', proposal: null };
  });
}

/** The count and sum of a statement's lines in each state; the sums add up to the statement's credits. */
export function statementTotals(
  lines: readonly { state: StatementLineState; amountPaise: number }[],
): Record<StatementLineState | 'all', { count: number; amountPaise: number }> {
  const totals = Object.fromEntries(
    [...STATEMENT_LINE_STATES, 'all'].map((s) => [s, { count: 0, amountPaise: 0 }]),
  ) as Record<StatementLineState | 'all', { count: number; amountPaise: number }>;
  for (const line of lines) {
    for (const key of [line.state, 'all'] as const) {
      totals[key].count += 1;
      totals[key].amountPaise += line.amountPaise;
    }
  }
  return totals;
}

/** A head a credit may pay into, in the order the counter fills them; `open`: no limit (the Advance). */
export interface AllocatableHead {
  feeHeadId: number;
  balancePaise: number;
  open?: boolean;
}

/**
 * Spreads a credit over the heads as the counter pre-fills them: each head up to its balance in the order
 * given, what is left on the first open head (the Advance). Null when the heads cannot take it all.
 */
export function allocateCredit(
  amountPaise: number,
  heads: readonly AllocatableHead[],
): Array<{ feeHeadId: number; amountPaise: number }> | null {
  const lines: Array<{ feeHeadId: number; amountPaise: number }> = [];
  let left = amountPaise;
  for (const head of heads) {
    if (left === 0) break;
    if (head.open || head.balancePaise <= 0) continue;
    const share = Math.min(left, head.balancePaise);
    lines.push({ feeHeadId: head.feeHeadId, amountPaise: share });
    left -= share;
  }
  if (left > 0) {
    const open = heads.find((h) => h.open);
    if (!open) return null;
    lines.push({ feeHeadId: open.feeHeadId, amountPaise: left });
  }
  return lines;
}
