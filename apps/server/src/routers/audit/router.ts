import { auditActors } from '@fees/db';
import { ZAuditListInput, ZReceiptNumberInput } from '@fees/validation';
import { auditLog } from '../../domain/audit/list';
import { receiptHistory } from '../../domain/audit/receiptHistory';
import { authedProcedure, router } from '../../trpc';

export const auditRouter = router({
  list: authedProcedure.input(ZAuditListInput).query(({ ctx, input }) => auditLog(ctx, input)),
  /** The accounts to filter the audit log by: all for an admin, the department's own for staff. */
  actors: authedProcedure.query(({ ctx }) =>
    auditActors(ctx.db, ctx.session.role === 'admin' ? null : ctx.session.departmentId),
  ),
  receiptHistory: authedProcedure.input(ZReceiptNumberInput).query(({ ctx, input }) => receiptHistory(ctx, input)),
});
