import {
  ZOpeningImportInput,
  ZOpeningListInput,
  ZRemoveOpeningBalanceInput,
  ZUpdateOpeningBalanceInput,
} from '@fees/validation';
import { adminProcedure, router } from '../../trpc';
import { importCommitHandler } from './importCommit.handler';
import { importPreviewHandler } from './importPreview.handler';
import { listHandler } from './list.handler';
import { removeHandler } from './remove.handler';
import { updateHandler } from './update.handler';

/** Opening balances are an administrator's work: the import, the list, corrections and removals. */
export const openingRouter = router({
  list: adminProcedure.input(ZOpeningListInput).query(listHandler),
  importPreview: adminProcedure.input(ZOpeningImportInput).mutation(importPreviewHandler),
  importCommit: adminProcedure.input(ZOpeningImportInput).mutation(importCommitHandler),
  update: adminProcedure.input(ZUpdateOpeningBalanceInput).mutation(updateHandler),
  remove: adminProcedure.input(ZRemoveOpeningBalanceInput).mutation(removeHandler),
});
