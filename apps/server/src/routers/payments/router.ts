import {
  ZCreateBatchPaymentLinksInput,
  ZCreatePaymentLinkInput,
  ZListPaymentLinksInput,
  ZPaymentExceptionsInput,
  ZPaymentLinkIdInput,
  ZRefreshPaymentLinksInput,
  ZResolvePaymentExceptionInput,
} from '@fees/validation';
import { createLinksForDefaulters } from '../../domain/payments/bulk';
import { listExceptions, resolveException } from '../../domain/payments/exceptions';
import {
  cancelPaymentLink,
  createPaymentLink,
  listLinks,
  refreshPaymentLinks,
  sendPaymentLink,
} from '../../domain/payments/links';
import { departmentProcedure, departmentReadProcedure, router } from '../../trpc';

/**
 * Links and their exceptions are read by whoever reads the department; making, sending, cancelling a link,
 * asking the gateway (which turns payments into receipts) and resolving an exception are an accountant's.
 */
export const paymentsRouter = router({
  links: departmentReadProcedure.input(ZListPaymentLinksInput).query(({ ctx, input }) => listLinks(ctx, input)),
  createLink: departmentProcedure
    .input(ZCreatePaymentLinkInput)
    .mutation(({ ctx, input }) => createPaymentLink(ctx, input)),
  createForDefaulters: departmentProcedure
    .input(ZCreateBatchPaymentLinksInput)
    .mutation(({ ctx, input }) => createLinksForDefaulters(ctx, input)),
  cancelLink: departmentProcedure
    .input(ZPaymentLinkIdInput)
    .mutation(({ ctx, input }) => cancelPaymentLink(ctx, input)),
  sendLink: departmentProcedure.input(ZPaymentLinkIdInput).mutation(({ ctx, input }) => sendPaymentLink(ctx, input)),
  /** Refresh: the department's open links asked of the gateway now. */
  refresh: departmentProcedure
    .input(ZRefreshPaymentLinksInput)
    .mutation(({ ctx, input }) => refreshPaymentLinks(ctx, input)),
  exceptions: departmentReadProcedure
    .input(ZPaymentExceptionsInput)
    .query(({ ctx, input }) => listExceptions(ctx, input)),
  resolveException: departmentProcedure
    .input(ZResolvePaymentExceptionInput)
    .mutation(({ ctx, input }) => resolveException(ctx, input)),
});
