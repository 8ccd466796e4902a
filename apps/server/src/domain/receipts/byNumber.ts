import type { TReceiptNumberInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { receiptView } from './service';

/** A stored receipt as printed: master, lines, the department's letterhead, and its status. */
export async function receiptByNumber(ctx: AuthedContext, input: TReceiptNumberInput) {
  return receiptView(ctx.db, ctx.session, input.number);
}
