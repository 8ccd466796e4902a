import { listRefunds, runInWriteBatch } from '@fees/db';
import {
  ZCreateRefundInput,
  ZListRefundsInput,
  ZRefundNumberInput,
  ZStudentFeeInfoInput,
  ZVoidRefundInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { createRefund, voidRefund } from '../../domain/refunds/service';
import { authedProcedure, departmentProcedure, router } from '../../trpc';
import { byNumberHandler } from './byNumber.handler';
import { studentAdvanceHandler } from './studentAdvance.handler';

export const refundsRouter = router({
  list: departmentProcedure.input(ZListRefundsInput).query(({ ctx, input }) => listRefunds(ctx.db, input)),
  studentAdvance: departmentProcedure.input(ZStudentFeeInfoInput).query(studentAdvanceHandler),
  create: departmentProcedure
    .input(ZCreateRefundInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => createRefund(tx, actorOf(ctx), input, ctx.session))),
  byNumber: authedProcedure.input(ZRefundNumberInput).query(byNumberHandler),
  void: authedProcedure
    .input(ZVoidRefundInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => voidRefund(tx, actorOf(ctx), input, ctx.session))),
});
