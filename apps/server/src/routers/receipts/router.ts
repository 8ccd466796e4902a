import { runInWriteBatch } from '@fees/db';
import {
  ZCreateReceiptInput,
  ZFindReceiptStudentsInput,
  ZReceiptEntryContextInput,
  ZReceiptNumberInput,
  ZSearchReceiptStudentsInput,
  ZStudentFeeInfoInput,
  ZUpdateReceiptInput,
  ZVoidReceiptInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { createReceipt, receiptView, updateReceipt, voidReceipt } from '../../domain/receipts/service';
import { receiptEntryContext } from '../../domain/receipts/entryContext';
import { receiptFeeInfo } from '../../domain/receipts/feeInfo';
import { findReceiptStudents } from '../../domain/receipts/findStudents';
import { searchStudentsForReceipt } from '../../domain/receipts/searchStudents';
import { authedProcedure, departmentProcedure, router } from '../../trpc';

export const receiptsRouter = router({
  findStudents: departmentProcedure
    .input(ZFindReceiptStudentsInput)
    .query(({ ctx, input }) => findReceiptStudents(ctx, input)),
  searchStudents: departmentProcedure
    .input(ZSearchReceiptStudentsInput)
    .query(({ ctx, input }) => searchStudentsForReceipt(ctx, input)),
  feeInfo: departmentProcedure.input(ZStudentFeeInfoInput).query(({ ctx, input }) => receiptFeeInfo(ctx, input)),
  entryContext: departmentProcedure
    .input(ZReceiptEntryContextInput)
    .query(({ ctx, input }) => receiptEntryContext(ctx, input)),
  /** Receipts arriving together share one commit (one fsync); each is still its own savepoint. */
  create: departmentProcedure
    .input(ZCreateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => createReceipt(tx, actorOf(ctx), input, ctx.session))),
  /** A stored receipt as printed: master, lines, the department's letterhead, and its status. */
  byNumber: authedProcedure
    .input(ZReceiptNumberInput)
    .query(({ ctx, input }) => receiptView(ctx.db, ctx.session, input.number)),
  update: departmentProcedure
    .input(ZUpdateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => updateReceipt(tx, actorOf(ctx), input, ctx.session))),
  void: authedProcedure
    .input(ZVoidReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => voidReceipt(tx, actorOf(ctx), input, ctx.session))),
});
