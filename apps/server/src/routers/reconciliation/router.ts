import {
  ZAcceptStatementLineInput,
  ZIgnoreStatementLineInput,
  ZImportStatementInput,
  ZListStatementsInput,
  ZReopenStatementLineInput,
  ZStatementFileInput,
  ZStatementInput,
} from '@fees/validation';
import {
  acceptStatementLine,
  bankAccountsOf,
  ignoreStatementLine,
  importStatement,
  previewStatement,
  reopenStatementLine,
  statementView,
  statementsOf,
} from '../../domain/reconciliation/statements';
import { departmentProcedure, departmentReadProcedure, router } from '../../trpc';

/**
 * Statements and their lines are read by whoever reads the department; uploading one and accepting (a receipt),
 * ignoring or reopening a line are an accountant's.
 */
export const reconciliationRouter = router({
  bankAccounts: departmentReadProcedure
    .input(ZListStatementsInput)
    .query(({ ctx, input }) => bankAccountsOf(ctx, input)),
  /** What an upload would import; writes nothing (a mutation only because the file is large). */
  preview: departmentProcedure.input(ZStatementFileInput).mutation(({ ctx, input }) => previewStatement(ctx, input)),
  import: departmentProcedure.input(ZImportStatementInput).mutation(({ ctx, input }) => importStatement(ctx, input)),
  statements: departmentReadProcedure.input(ZListStatementsInput).query(({ ctx, input }) => statementsOf(ctx, input)),
  statement: departmentReadProcedure.input(ZStatementInput).query(({ ctx, input }) => statementView(ctx, input)),
  accept: departmentProcedure
    .input(ZAcceptStatementLineInput)
    .mutation(({ ctx, input }) => acceptStatementLine(ctx, input)),
  ignore: departmentProcedure
    .input(ZIgnoreStatementLineInput)
    .mutation(({ ctx, input }) => ignoreStatementLine(ctx, input)),
  reopen: departmentProcedure
    .input(ZReopenStatementLineInput)
    .mutation(({ ctx, input }) => reopenStatementLine(ctx, input)),
});
