import { ZAuditListInput, ZReceiptNumberInput } from '@fees/validation';
import { auditActorsFor, auditLog } from '../../domain/audit/list';
import { receiptHistory } from '../../domain/audit/receiptHistory';
import { auditProcedure, router } from '../../trpc';

export const auditRouter = router({
  list: auditProcedure.input(ZAuditListInput).query(({ ctx, input }) => auditLog(ctx, input)),
  /** The accounts to filter the audit log by: all for an admin or auditor, the department's own for staff. */
  actors: auditProcedure.query(({ ctx }) => auditActorsFor(ctx)),
  receiptHistory: auditProcedure.input(ZReceiptNumberInput).query(({ ctx, input }) => receiptHistory(ctx, input)),
});
