import {
  ZCreateSponsorInput,
  ZCreateSponsorReceiptInput,
  ZCreateSponsorshipInput,
  ZRecordShortfallInput,
  ZRemoveSponsorshipInput,
  ZSponsorImportInput,
  ZSponsorReceivablesInput,
  ZSponsorshipsInput,
  ZSponsorsListInput,
  ZSponsorStatementInput,
} from '@fees/validation';
import { commitSponsorImport, previewSponsorImport } from '../../domain/sponsors/import';
import {
  createSponsor,
  createSponsorReceipt,
  createSponsorship,
  recordShortfall,
  removeSponsorship,
  sponsorReceivables,
  sponsorshipsView,
  sponsorsOfDepartment,
  sponsorStatement,
} from '../../domain/sponsors/service';
import { departmentProcedure, departmentReadProcedure, router, writeProcedure } from '../../trpc';

/**
 * Scholarships and sponsors: whoever reads a department sees what sponsors cover and owe; a sponsor, a share, a
 * shortfall and a sponsor's receipt change what students and sponsors owe, an accountant's write.
 */
export const sponsorsRouter = router({
  list: departmentReadProcedure.input(ZSponsorsListInput).query(({ ctx, input }) => sponsorsOfDepartment(ctx, input)),
  create: writeProcedure.input(ZCreateSponsorInput).mutation(({ ctx, input }) => createSponsor(ctx, input)),
  shares: departmentReadProcedure.input(ZSponsorshipsInput).query(({ ctx, input }) => sponsorshipsView(ctx, input)),
  cover: departmentProcedure.input(ZCreateSponsorshipInput).mutation(({ ctx, input }) => createSponsorship(ctx, input)),
  removeShare: departmentProcedure
    .input(ZRemoveSponsorshipInput)
    .mutation(({ ctx, input }) => removeSponsorship(ctx, input)),
  shortfall: departmentProcedure.input(ZRecordShortfallInput).mutation(({ ctx, input }) => recordShortfall(ctx, input)),
  receipt: departmentProcedure
    .input(ZCreateSponsorReceiptInput)
    .mutation(({ ctx, input }) => createSponsorReceipt(ctx, input)),
  importPreview: departmentProcedure
    .input(ZSponsorImportInput)
    .mutation(({ ctx, input }) => previewSponsorImport(ctx, input)),
  importCommit: departmentProcedure
    .input(ZSponsorImportInput)
    .mutation(({ ctx, input }) => commitSponsorImport(ctx, input)),
  statement: departmentReadProcedure
    .input(ZSponsorStatementInput)
    .query(({ ctx, input }) => sponsorStatement(ctx, input)),
  receivables: departmentReadProcedure
    .input(ZSponsorReceivablesInput)
    .query(({ ctx, input }) => sponsorReceivables(ctx, input)),
});
