import { findReceiptByNumber, listReceiptLines } from '@fees/db';
import { AppError, receiptLabel, type TReceiptNumberInput } from '@fees/validation';
import { assertDepartmentAccess } from '../../department-access';
import type { AuthedContext } from '../../context';
import { verificationPath } from '../../verify/code';

/** A stored receipt as printed: master, lines, the department's letterhead, and its status. */
export async function receiptByNumber(ctx: AuthedContext, input: TReceiptNumberInput) {
  const found = await findReceiptByNumber(ctx.db, input.number);
  if (!found) throw new AppError('NOT_FOUND', `Receipt ${receiptLabel(input.number)} does not exist`);
  assertDepartmentAccess(ctx.session, found.departmentId);
  const { letterheadName, letterheadAddress, letterheadPhone, ...receipt } = found;
  return {
    receipt,
    lines: await listReceiptLines(ctx.db, found.id),
    letterhead: { institutionName: letterheadName, address: letterheadAddress, phone: letterheadPhone },
    /** The public verification page for the printed QR code (verify/). */
    verifyPath: await verificationPath(ctx.db, found),
  };
}
