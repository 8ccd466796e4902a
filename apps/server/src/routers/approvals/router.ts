import { ZApprovalIdInput, ZApprovalSettings, ZListApprovalsInput, ZRejectApprovalInput } from '@fees/validation';
import {
  approveRequest,
  getApprovals,
  listRequests,
  pendingByDepartment,
  rejectRequest,
  updateApprovals,
} from '../../domain/approvals/service';
import { adminProcedure, departmentReadProcedure, readProcedure, router, writeProcedure } from '../../trpc';

export const approvalsRouter = router({
  list: departmentReadProcedure.input(ZListApprovalsInput).query(({ ctx, input }) => listRequests(ctx, input)),
  /** Every served department's pending requests in one read (the admin dashboard). */
  pending: readProcedure.query(({ ctx }) => pendingByDepartment(ctx)),
  /** A request names its department: an accountant or admin reaches the handler, which checks mayApprove. */
  approve: writeProcedure.input(ZApprovalIdInput).mutation(({ ctx, input }) => approveRequest(ctx, input)),
  reject: writeProcedure.input(ZRejectApprovalInput).mutation(({ ctx, input }) => rejectRequest(ctx, input)),
  settings: router({
    get: adminProcedure.query(({ ctx }) => getApprovals(ctx)),
    update: adminProcedure.input(ZApprovalSettings).mutation(({ ctx, input }) => updateApprovals(ctx, input)),
  }),
});
