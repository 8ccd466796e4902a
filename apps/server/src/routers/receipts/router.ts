import { runInWriteBatch } from '@fees/db';
import {
  ZCreateReceiptInput,
  ZFindReceiptStudentsInput,
  ZListReceiptsInput,
  ZReceiptEntryContextInput,
  ZReceiptNumberInput,
  ZSearchReceiptStudentsInput,
  ZStudentFeeInfoInput,
  ZUpdateReceiptInput,
  ZVoidReceiptInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { createReceipt, takeReceipt, receiptView, updateReceipt, voidReceipt } from '../../domain/receipts/service';
import { receiptEntryContext } from '../../domain/receipts/entryContext';
import { receiptFeeInfo } from '../../domain/receipts/feeInfo';
import { findReceiptStudents } from '../../domain/receipts/findStudents';
import { listReceipts, printDuplicate } from '../../domain/receipts/register';
import { searchStudentsForReceipt } from '../../domain/receipts/searchStudents';
import {
  collectProcedure,
  departmentCollectProcedure,
  departmentLookupProcedure,
  departmentReadProcedure,
  lookupProcedure,
  router,
  writeProcedure,
} from '../../trpc';

export const receiptsRouter = router({
  findStudents: departmentLookupProcedure
    .input(ZFindReceiptStudentsInput)
    .query(({ ctx, input }) => findReceiptStudents(ctx, input)),
  searchStudents: departmentLookupProcedure
    .input(ZSearchReceiptStudentsInput)
    .query(({ ctx, input }) => searchStudentsForReceipt(ctx, input)),
  feeInfo: departmentLookupProcedure.input(ZStudentFeeInfoInput).query(({ ctx, input }) => receiptFeeInfo(ctx, input)),
  entryContext: departmentLookupProcedure
    .input(ZReceiptEntryContextInput)
    .query(({ ctx, input }) => receiptEntryContext(ctx, input)),
  /** Receipts arriving together share one commit (one fsync); each is still its own savepoint. */
  create: departmentCollectProcedure
    .input(ZCreateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => createReceipt(tx, actorOf(ctx), input, ctx.session))),
  /**
   * A receipt dated before the back-dating limit, when back-dated receipts need a second person: it waits
   * for approval, unnumbered (an admin's, or one dated within the limit, is made at once). The legacy
   * POST /rest/inv/register comes here too, so it shares the commit of receipts arriving together.
   */
  createBackdated: departmentCollectProcedure
    .input(ZCreateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => takeReceipt(tx, actorOf(ctx), input, ctx.session))),
  /** A stored receipt as printed: master, lines, the department's letterhead, and its status. */
  byNumber: lookupProcedure
    .input(ZReceiptNumberInput)
    .query(({ ctx, input }) => receiptView(ctx.db, ctx.session, input.number)),
  update: departmentCollectProcedure
    .input(ZUpdateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => updateReceipt(tx, actorOf(ctx), input, ctx.session))),
  /** The receipt register: one page of a department's receipts between two dates, with its filters. */
  list: departmentReadProcedure.input(ZListReceiptsInput).query(({ ctx, input }) => listReceipts(ctx, input)),
  /** Counts a duplicate print in the audit log and gives the reprint's date for the paper. */
  printDuplicate: collectProcedure
    .input(ZReceiptNumberInput)
    .mutation(({ ctx, input }) =>
      runInWriteBatch(ctx.db, (tx) => printDuplicate(tx, actorOf(ctx), ctx.session, input.number)),
    ),
  void: writeProcedure
    .input(ZVoidReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => voidReceipt(tx, actorOf(ctx), input, ctx.session))),
});
