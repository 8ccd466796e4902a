/**
 * Receipt pricing, the one place its money rules live: the receipt form shows what this computes and
 * the server recomputes it from the submitted lines and refuses a mismatch. Integer paise throughout.
 */
import { MAX_PAISE } from './limits';
import { amountInWords } from './words';

/**
 * GST on one receipt line: its amount x rate rounded half up to the paisa, in integer arithmetic (rate in
 * basis points: 1800 = 18%). BigInt keeps amount x rate exact beyond 2^53. A receipt's tax is the sum of
 * its lines' taxes, so each line is rounded once and the tax per rate adds up to the receipt's.
 */
export function lineTaxPaise(amountPaise: number, rateBasisPoints: number): number {
  return Number((BigInt(amountPaise) * BigInt(rateBasisPoints) + 5000n) / 10000n);
}

/** 1800 -> "18", 1250 -> "12.5": the rate as the receipt shows it, followed by %. */
export function ratePercentText(rateBasisPoints: number): string {
  return String(rateBasisPoints / 100);
}

/** How a fee head is taxed: its GST rate (0: exempt) and its SAC or HSN code (null: none given). */
export interface HeadTax {
  rateBasisPoints: number;
  code: string | null;
}

const EXEMPT: HeadTax = { rateBasisPoints: 0, code: null };

/** One fee line as pricing sees it: its head (null while none is chosen) and its amount. */
export interface PricingLine {
  feeHeadId: number | null;
  amountPaise: number;
}

/** A fee head of the student's batch and its balance (fee - discount - paid on live receipts). */
export interface HeadBalance {
  feeHeadId: number;
  feeHead: string;
  balancePaise: number;
  /** A head without a limit (the Advance head): any amount, never an overpayment, pre-filled with nothing. */
  open?: boolean;
}

export interface ReceiptPricingInput {
  lines: readonly PricingLine[];
  /** The taxable heads of today by id; a head not in it is exempt. */
  taxes: ReadonlyMap<number, HeadTax>;
  /** For an edit: per head on the stored receipt, the GST it was issued with; it wins over `taxes`. */
  issuedTaxes?: ReadonlyMap<number, HeadTax>;
  /** A receipt adjusted from advance carries no GST: the advance was taxed when it was paid. */
  untaxed?: boolean;
  balances: readonly HeadBalance[];
  /** For an edit: per head, what the receipt already pays; it counts back into the balance. */
  alreadyOnReceipt?: ReadonlyMap<number, number>;
}

/** One line's GST as the receipt keeps it: its head's rate and code, and the tax on its amount. */
export interface LineTax extends HeadTax {
  taxPaise: number;
}

/** The GST of a receipt at one rate: the amount taxed at it and the tax, as the receipt shows it. */
export interface RateTax {
  rateBasisPoints: number;
  taxablePaise: number;
  taxPaise: number;
}

export interface OverpaidHead {
  feeHeadId: number;
  feeHead: string;
  amountPaise: number;
  availablePaise: number;
}

export interface ReceiptPricing {
  /** Per head, the sum of its lines on this receipt. */
  perHead: ReadonlyMap<number, number>;
  /** Per head of the batch, what this receipt may take before it overpays. */
  available: ReadonlyMap<number, number>;
  /** Heads on the lines that are not in the batch's balances. */
  unknownHeads: number[];
  /** Heads whose lines add up to more than is available, in the order they first appear. */
  overpaid: OverpaidHead[];
  /** Per line, in the lines' order, its GST (exempt lines: rate 0 and no tax). */
  lineTaxes: LineTax[];
  /** Per rate charged, ascending: the taxable amount and the tax (taxByRate). */
  taxByRate: RateTax[];
  totalPaise: number;
  /** The sum of the lines' taxes. */
  taxPaise: number;
  netPaise: number;
  /** The net in words (Indian system). */
  words: string;
  /** The total is more than one receipt may carry. */
  tooLarge: boolean;
}

/** Per head, the sum of the given lines: "already on this receipt" when given a stored receipt's lines. */
export function sumByHead(lines: readonly PricingLine[]): Map<number, number> {
  const sums = new Map<number, number>();
  for (const line of lines) {
    if (line.feeHeadId !== null) sums.set(line.feeHeadId, (sums.get(line.feeHeadId) ?? 0) + line.amountPaise);
  }
  return sums;
}

function availableByHead(input: ReceiptPricingInput): Map<number, number> {
  return new Map(
    input.balances.map((row) => [row.feeHeadId, row.balancePaise + (input.alreadyOnReceipt?.get(row.feeHeadId) ?? 0)]),
  );
}

/** The GST a line on `feeHeadId` carries on this receipt: none adjusted from advance, else as issued, else today's. */
function taxOfHead(input: ReceiptPricingInput, feeHeadId: number | null): HeadTax {
  if (input.untaxed || feeHeadId === null) return EXEMPT;
  return input.issuedTaxes?.get(feeHeadId) ?? input.taxes.get(feeHeadId) ?? EXEMPT;
}

/** Per head on a stored receipt, the GST its lines were issued with: an edit keeps it (ReceiptPricingInput). */
export function issuedTaxesOf(
  lines: readonly { feeHeadId: number; taxRateBasisPoints: number; gstCode: string | null }[],
): Map<number, HeadTax> {
  return new Map(
    lines.map((line) => [line.feeHeadId, { rateBasisPoints: line.taxRateBasisPoints, code: line.gstCode }]),
  );
}

/**
 * The lines' taxes gathered per rate, ascending, exempt lines left out: what the counter, the printed receipt
 * and the receipt view show under the total. Their taxes add up to the receipt's tax.
 */
export function taxByRate(
  lines: readonly { amountPaise: number; taxRateBasisPoints: number; taxPaise: number }[],
): RateTax[] {
  const rates = new Map<number, RateTax>();
  for (const line of lines) {
    const rate = line.taxRateBasisPoints;
    if (rate === 0) continue;
    const sum = rates.get(rate) ?? { rateBasisPoints: rate, taxablePaise: 0, taxPaise: 0 };
    sum.taxablePaise += line.amountPaise;
    sum.taxPaise += line.taxPaise;
    rates.set(rate, sum);
  }
  return [...rates.values()].sort((a, b) => a.rateBasisPoints - b.rateBasisPoints);
}

export function priceReceipt(input: ReceiptPricingInput): ReceiptPricing {
  const available = availableByHead(input);
  const perHead = sumByHead(input.lines);
  const totalPaise = input.lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const lineTaxes = input.lines.map((line) => {
    const tax = taxOfHead(input, line.feeHeadId);
    return { ...tax, taxPaise: lineTaxPaise(line.amountPaise, tax.rateBasisPoints) };
  });
  const taxPaise = lineTaxes.reduce((sum, line) => sum + line.taxPaise, 0);
  const netPaise = totalPaise + taxPaise;
  const names = new Map(input.balances.map((row) => [row.feeHeadId, row.feeHead]));
  const unknownHeads = [...perHead.keys()].filter((id) => !available.has(id));
  const open = new Set(input.balances.filter((row) => row.open).map((row) => row.feeHeadId));
  const overpaid = [...perHead]
    .filter(([id, amount]) => available.has(id) && !open.has(id) && amount > available.get(id)!)
    .map(([id, amount]) => ({
      feeHeadId: id,
      feeHead: names.get(id) ?? '',
      amountPaise: amount,
      availablePaise: available.get(id)!,
    }));
  return {
    perHead,
    available,
    unknownHeads,
    overpaid,
    lineTaxes,
    taxByRate: taxByRate(
      input.lines.map((line, i) => ({
        amountPaise: line.amountPaise,
        taxRateBasisPoints: lineTaxes[i]!.rateBasisPoints,
        taxPaise: lineTaxes[i]!.taxPaise,
      })),
    ),
    totalPaise,
    taxPaise,
    netPaise,
    words: amountInWords(netPaise),
    tooLarge: totalPaise > MAX_PAISE,
  };
}

/**
 * What is still due on a head for the line at `lineIndex`: its available balance less the other lines
 * on the same head, never below zero. The form pre-fills a line's amount with it.
 */
export function amountLeftForLine(input: ReceiptPricingInput, lineIndex: number, feeHeadId: number): number {
  if (input.balances.some((row) => row.feeHeadId === feeHeadId && row.open)) return 0;
  const elsewhere = input.lines.reduce(
    (sum, line, i) => (i !== lineIndex && line.feeHeadId === feeHeadId ? sum + line.amountPaise : sum),
    0,
  );
  return Math.max(0, (availableByHead(input).get(feeHeadId) ?? 0) - elsewhere);
}

/** The part that stands for the whole where one mode is known (the legacy paths): the largest, the first of equals. */
export function largestPart<T extends { amount: number }>(parts: readonly T[]): T {
  return parts.reduce((largest, part) => (part.amount > largest.amount ? part : largest));
}

/**
 * Each part's share of the GST, in proportion to its amount (rounded down), the remainder on the largest part:
 * the shares add up to the tax.
 */
export function taxShares(taxPaise: number, parts: readonly { amount: number }[]): number[] {
  const net = parts.reduce((sum, p) => sum + p.amount, 0);
  // In BigInt: tax times amount passes 2^53 long before the largest receipt.
  const shares = parts.map((p) => (net === 0 ? 0 : Number((BigInt(taxPaise) * BigInt(p.amount)) / BigInt(net))));
  const largest = parts.indexOf(largestPart(parts));
  shares[largest] = (shares[largest] ?? 0) + taxPaise - shares.reduce((sum, s) => sum + s, 0);
  return shares;
}
