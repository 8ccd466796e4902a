/** Inputs for receipts.create: a current student of the target department paying Rs 10-11 on 1-2 heads they owe on. */
import type Sqlite from 'better-sqlite3';
import { paiseToRupeesText } from '@fees/validation';
import { today } from '@fees/server/config';
import type { BenchTarget } from '../target';

export function receiptInputs(target: BenchTarget, gstRateBasisPoints: number) {
  const date = today();
  return (i: number) => {
    const payer = target.payers[i % target.payers.length]!;
    const heads = payer.feeHeadIds.slice(0, 1 + (i % 2));
    const items = heads.map((feeHeadId, n) => ({ feeHeadId, particulars: 'Bench', amount: `${10 + n}.00` }));
    const totalPaise = items.reduce((sum, item) => sum + Math.round(Number(item.amount) * 100), 0);
    const taxPaise = Number((BigInt(totalPaise) * BigInt(gstRateBasisPoints) + 5000n) / 10000n);
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

export function gstRateOf(sqlite: Sqlite.Database): number {
  const row = sqlite.prepare('select gst_rate_basis_points as rate from settings where id = 1').get() as
    | { rate: number }
    | undefined;
  return row?.rate ?? 0;
}
