import type { TRefundNumberInput } from '@fees/validation';
import { amountInWords } from '@fees/money';
import type { AuthedContext } from '../../context';
import { loadRefund } from './service';

/** A voucher as printed: its row, the letterhead and the amount in words. */
export async function refundByNumber(ctx: AuthedContext, input: TRefundNumberInput) {
  const refund = await loadRefund(ctx.db, input.number, ctx.session);
  return { ...refund, words: amountInWords(refund.amountPaise) };
}
