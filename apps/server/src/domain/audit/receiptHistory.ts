import { findReceiptByNumber, receiptAuditTrail } from '@fees/db';
import { AppError, receiptLabel, type TReceiptNumberInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { auditEntryOf } from './entries';

/** A receipt's History panel: who created it and when, each edit with its changes, its void. */
export async function receiptHistory(ctx: AuthedContext, input: TReceiptNumberInput) {
  const receipt = await findReceiptByNumber(ctx.db, input.number);
  if (!receipt) throw new AppError('NOT_FOUND', `Receipt ${receiptLabel(input.number)} does not exist`);
  assertDepartmentAccess(ctx.session, receipt.departmentId);
  return (await receiptAuditTrail(ctx.db, input.number)).map(auditEntryOf);
}
