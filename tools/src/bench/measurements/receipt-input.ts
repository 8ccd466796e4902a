/** Inputs for receipts.create: a current student of the target department paying Rs 10-11 on 1-2 heads they owe on. */
import type Sqlite from 'better-sqlite3';
import { lineTaxPaise } from '@fees/money';
import { paiseToRupeesText } from '@fees/validation';
import { today } from '@fees/server/config';
import type { BenchTarget } from '../target';

export function receiptInputs(target: BenchTarget, headRates: ReadonlyMap<number, number>) {
  const date = today();
  return (i: number) => {
    const payer = target.payers[i % target.payers.length]!;
    const heads = payer.feeHeadIds.slice(0, 1 + (i % 2));
    const items = heads.map((feeHeadId, n) => ({ feeHeadId, particulars: 'Bench', amount: `${10 + n}.00` }));
    const totalPaise = items.reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0);
    const taxPaise = items.reduce(
      (sum, item) => sum + lineTaxPaise(Math.round(Number(item.amount) * 100), headRates.get(item.feeHeadId) ?? 0),
      0,
    );
    return {
      depId: target.depId,
      studentId: payer.studentId,
      date,
      items,
      paymentMode: i % 3 === 0 ? 'upi' : 'cash',
      paymentReference: i % 3 === 0 ? `BENCH${i}` : null,
      total: paiseToRupeesText(totalPaise),
      tax: paiseToRupeesText(taxPaise),
      net: paiseToRupeesText(totalPaise + taxPaise),
      confirm: true,
      allowOverpayment: false,
    };
  };
}

/** The taxable heads' GST rates by head id (any other head is exempt), as receipts are priced with them. */
export function headRatesOf(sqlite: Sqlite.Database): Map<number, number> {
  const found = sqlite
    .prepare(`select id, gst_rate_basis_points as rate from fee_heads where gst_treatment = 'taxable'`)
    .all() as Array<{ id: number; rate: number }>;
  return new Map(found.map((head) => [head.id, head.rate]));
}
