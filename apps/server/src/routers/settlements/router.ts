import { ZFetchSettlementsInput, ZSettlementReportInput, ZSettlementsInput } from '@fees/validation';
import {
  fetchSettlements,
  importSettlementReport,
  previewSettlementReport,
  settlementsView,
} from '../../domain/settlements/service';
import { router, writeProcedure } from '../../trpc';

/**
 * The gateway's settlements are the foundation's one merchant account, every department's payments
 * together: an accountant's or an administrator's to fetch, import and read.
 */
export const settlementsRouter = router({
  list: writeProcedure.input(ZSettlementsInput).query(({ ctx, input }) => settlementsView(ctx, input)),
  fetch: writeProcedure.input(ZFetchSettlementsInput).mutation(({ ctx, input }) => fetchSettlements(ctx, input)),
  /** What the report file would import; writes nothing (a mutation only because the file is large). */
  previewReport: writeProcedure
    .input(ZSettlementReportInput)
    .mutation(({ ctx, input }) => previewSettlementReport(ctx, input)),
  importReport: writeProcedure
    .input(ZSettlementReportInput)
    .mutation(({ ctx, input }) => importSettlementReport(ctx, input)),
});
