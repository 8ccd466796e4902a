import { ZApprovalIdInput, ZApprovalSettings, ZListApprovalsInput, ZRejectApprovalInput } from '@fees/validation';
import {
  approveRequest,
  getApprovals,
  listRequests,
  rejectRequest,
  updateApprovals,
} from '../../domain/approvals/service';
import { adminProcedure, authedProcedure, departmentProcedure, router } from '../../trpc';

export const approvalsRouter = router({
  list: departmentProcedure.input(ZListApprovalsInput).query(({ ctx, input }) => listRequests(ctx, input)),
  /** A request names its department: any signed-in account reaches the handler, which checks mayApprove. */
  approve: authedProcedure.input(ZApprovalIdInput).mutation(({ ctx, input }) => approveRequest(ctx, input)),
  reject: authedProcedure.input(ZRejectApprovalInput).mutation(({ ctx, input }) => rejectRequest(ctx, input)),
  settings: router({
    get: adminProcedure.query(({ ctx }) => getApprovals(ctx)),
    update: adminProcedure.input(ZApprovalSettings).mutation(({ ctx, input }) => updateApprovals(ctx, input)),
  }),
});
