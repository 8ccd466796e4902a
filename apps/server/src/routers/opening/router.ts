import {
  ZOpeningImportInput,
  ZOpeningListInput,
  ZRemoveOpeningBalanceInput,
  ZUpdateOpeningBalanceInput,
} from '@fees/validation';
import { commitOpeningImport } from '../../domain/opening/importCommit';
import { previewOpeningImport } from '../../domain/opening/import';
import { listOpening } from '../../domain/opening/list';
import { removeOpeningBalance } from '../../domain/opening/remove';
import { editOpeningBalance } from '../../domain/opening/update';
import { adminProcedure, router } from '../../trpc';

/** Opening balances are an administrator's work: the import, the list, corrections and removals. */
export const openingRouter = router({
  list: adminProcedure.input(ZOpeningListInput).query(({ ctx, input }) => listOpening(ctx, input)),
  importPreview: adminProcedure
    .input(ZOpeningImportInput)
    .mutation(({ ctx, input }) => previewOpeningImport(ctx, input)),
  importCommit: adminProcedure.input(ZOpeningImportInput).mutation(({ ctx, input }) => commitOpeningImport(ctx, input)),
  update: adminProcedure.input(ZUpdateOpeningBalanceInput).mutation(({ ctx, input }) => editOpeningBalance(ctx, input)),
  remove: adminProcedure
    .input(ZRemoveOpeningBalanceInput)
    .mutation(({ ctx, input }) => removeOpeningBalance(ctx, input)),
});
