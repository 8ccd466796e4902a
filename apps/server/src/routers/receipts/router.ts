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
import { createReceipt, updateReceipt, voidReceipt } from '../../domain/receipts/service';
import { authedProcedure, departmentProcedure, router } from '../../trpc';
import { byNumberHandler } from './byNumber.handler';
import { entryContextHandler } from './entryContext.handler';
import { feeInfoHandler } from './feeInfo.handler';
import { findStudentsHandler } from './findStudents.handler';
import { searchStudentsHandler } from './searchStudents.handler';

export const receiptsRouter = router({
  findStudents: departmentProcedure.input(ZFindReceiptStudentsInput).query(findStudentsHandler),
  searchStudents: departmentProcedure.input(ZSearchReceiptStudentsInput).query(searchStudentsHandler),
  feeInfo: departmentProcedure.input(ZStudentFeeInfoInput).query(feeInfoHandler),
  entryContext: departmentProcedure.input(ZReceiptEntryContextInput).query(entryContextHandler),
  /** Receipts arriving together share one commit (one fsync); each is still its own savepoint. */
  create: departmentProcedure
    .input(ZCreateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => createReceipt(tx, actorOf(ctx), input, ctx.session))),
  byNumber: authedProcedure.input(ZReceiptNumberInput).query(byNumberHandler),
  update: departmentProcedure
    .input(ZUpdateReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => updateReceipt(tx, actorOf(ctx), input, ctx.session))),
  void: authedProcedure
    .input(ZVoidReceiptInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => voidReceipt(tx, actorOf(ctx), input, ctx.session))),
});
