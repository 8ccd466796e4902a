import { type AuditActor, findReceiptByNumber, receiptRegister, writeAudit, type WriteTx } from '@fees/db';
import { receiptLabel, refuse, type TListReceiptsQuery } from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess, type DepartmentAccess } from '../../department-access';

/** The receipt register: one page of a department's receipts between two dates, narrowed by the filters. */
export async function listReceipts(ctx: AuthedContext, input: TListReceiptsQuery) {
  const { depId, page, pageSize, ...filter } = input;
  const found = await receiptRegister(ctx.db, { depId, page, pageSize, ...filter });
  return { ...found, page, pageSize, pages: Math.max(1, Math.ceil(found.count / pageSize)) };
}

/**
 * A duplicate of a stored receipt is printed: the audit log keeps who printed it and when, and the paper names
 * the day of the reprint (`printedOn`, the foundation's today unless the paper was made with one; returned).
 */
export async function printDuplicate(
  db: WriteTx,
  actor: AuditActor,
  access: DepartmentAccess,
  number: number,
  printedOn = today(),
) {
  const receipt =
    (await findReceiptByNumber(db, number)) ?? refuse('NOT_FOUND', `Receipt ${receiptLabel(number)} does not exist`);
  assertDepartmentAccess(access, receipt.departmentId);
  await writeAudit(db, {
    actor,
    action: 'reprint',
    entity: 'receipt',
    entityId: number,
    after: {
      departmentId: receipt.departmentId,
      studentId: receipt.studentId,
      admissionNo: receipt.admissionNo,
      printedOn,
    },
  });
  return { number, printedOn };
}
