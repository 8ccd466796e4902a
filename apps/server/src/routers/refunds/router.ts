import { listRefunds, runInWriteBatch } from '@fees/db';
import {
  ZCreateRefundInput,
  ZListRefundsInput,
  ZRefundNumberInput,
  ZStudentFeeInfoInput,
  ZVoidRefundInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { createRefund, refundByNumber, voidRefund } from '../../domain/refunds/service';
import { studentAdvanceOf } from '../../domain/refunds/studentAdvance';
import { departmentProcedure, departmentReadProcedure, lookupProcedure, router, writeProcedure } from '../../trpc';

export const refundsRouter = router({
  list: departmentReadProcedure.input(ZListRefundsInput).query(({ ctx, input }) => listRefunds(ctx.db, input)),
  studentAdvance: departmentReadProcedure
    .input(ZStudentFeeInfoInput)
    .query(({ ctx, input }) => studentAdvanceOf(ctx, input)),
  create: departmentProcedure
    .input(ZCreateRefundInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => createRefund(tx, actorOf(ctx), input, ctx.session))),
  byNumber: lookupProcedure.input(ZRefundNumberInput).query(({ ctx, input }) => refundByNumber(ctx, input)),
  void: writeProcedure
    .input(ZVoidRefundInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => voidRefund(tx, actorOf(ctx), input, ctx.session))),
});
