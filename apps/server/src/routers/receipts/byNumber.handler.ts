import { findReceiptByNumber, listReceiptLines } from '@fees/db';
import type { TReceiptNumberInput } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { type AuthedContext, gateOf } from './context';

/** A stored receipt as printed: master, lines, the department's letterhead, and its status. */
export function byNumberHandler({ ctx, input }: { ctx: AuthedContext; input: TReceiptNumberInput }) {
  const found = findReceiptByNumber(ctx.db, input.number);
  if (!found) throw new TRPCError({ code: 'NOT_FOUND', message: `Receipt #000${input.number} does not exist` });
  gateOf(ctx)(found.departmentId);
  const { letterheadName, letterheadAddress, letterheadPhone, ...receipt } = found;
  return {
    receipt,
    lines: listReceiptLines(ctx.db, found.id),
    letterhead: { institutionName: letterheadName, address: letterheadAddress, phone: letterheadPhone },
  };
}
