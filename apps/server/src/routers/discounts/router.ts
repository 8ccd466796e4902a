import { listDiscounts } from '@fees/db';
import {
  ZCreateDiscountInput,
  ZDiscountIdInput,
  ZListDiscountsInput,
  ZStudentsOfBatchInput,
  ZUpdateDiscountInput,
} from '@fees/validation';
import { adminProcedure, router } from '../../trpc';
import { byIdHandler } from './byId.handler';
import { createHandler } from './create.handler';
import { removeHandler } from './remove.handler';
import { studentsOfBatchHandler } from './studentsOfBatch.handler';
import { updateHandler } from './update.handler';

export const discountsRouter = router({
  list: adminProcedure
    .input(ZListDiscountsInput)
    .query(({ ctx, input }) => listDiscounts(ctx.db, { departmentId: input.depId })),
  byId: adminProcedure.input(ZDiscountIdInput).query(byIdHandler),
  studentsOfBatch: adminProcedure.input(ZStudentsOfBatchInput).query(studentsOfBatchHandler),
  create: adminProcedure.input(ZCreateDiscountInput).mutation(createHandler),
  update: adminProcedure.input(ZUpdateDiscountInput).mutation(updateHandler),
  remove: adminProcedure.input(ZDiscountIdInput).mutation(removeHandler),
});
