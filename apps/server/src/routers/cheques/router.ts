import { listCheques, runInWriteBatch } from '@fees/db';
import { ZBounceChequeInput, ZChequeListInput, ZClearChequeInput, ZClearChequesInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { bounceCheque, clearCheque, clearCheques } from '../../domain/cheques/service';
import { departmentProcedure, departmentReadProcedure, router } from '../../trpc';

export const chequesRouter = router({
  /** A department's cheques and drafts, newest receipt first, all or of one status. */
  list: departmentReadProcedure.input(ZChequeListInput).query(({ ctx, input }) => listCheques(ctx.db, input)),
  clear: departmentProcedure
    .input(ZClearChequeInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => clearCheque(tx, actorOf(ctx), input, ctx.session))),
  /** Several cheques cleared on one day, all or none. */
  clearMany: departmentProcedure
    .input(ZClearChequesInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => clearCheques(tx, actorOf(ctx), input, ctx.session))),
  bounce: departmentProcedure
    .input(ZBounceChequeInput)
    .mutation(({ ctx, input }) => runInWriteBatch(ctx.db, (tx) => bounceCheque(tx, actorOf(ctx), input, ctx.session))),
});
