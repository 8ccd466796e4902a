import { ZOpeningImportInput, ZOpeningListInput, ZUpdateOpeningBalanceInput } from '@fees/validation';
import { adminProcedure, router } from '../../trpc';
import { importCommitHandler } from './importCommit.handler';
import { importPreviewHandler } from './importPreview.handler';
import { listHandler } from './list.handler';
import { updateHandler } from './update.handler';

/** Opening balances are an administrator's work: the import, the list and corrections. */
export const openingRouter = router({
  list: adminProcedure.input(ZOpeningListInput).query(listHandler),
  importPreview: adminProcedure.input(ZOpeningImportInput).mutation(importPreviewHandler),
  importCommit: adminProcedure.input(ZOpeningImportInput).mutation(importCommitHandler),
  update: adminProcedure.input(ZUpdateOpeningBalanceInput).mutation(updateHandler),
});
