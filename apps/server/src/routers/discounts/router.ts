import { listDiscounts } from '@fees/db';
import {
  ZCreateDiscountInput,
  ZDiscountIdInput,
  ZListDiscountsInput,
  ZStudentsOfBatchInput,
  ZUpdateDiscountInput,
} from '@fees/validation';
import { discountById } from '../../domain/discounts/byId';
import { createDiscount } from '../../domain/discounts/create';
import { removeDiscount } from '../../domain/discounts/remove';
import { discountStudentsOfBatch } from '../../domain/discounts/studentsOfBatch';
import { editDiscount } from '../../domain/discounts/update';
import { adminProcedure, router } from '../../trpc';

export const discountsRouter = router({
  list: adminProcedure
    .input(ZListDiscountsInput)
    .query(({ ctx, input }) => listDiscounts(ctx.db, { departmentId: input.depId })),
  byId: adminProcedure.input(ZDiscountIdInput).query(({ ctx, input }) => discountById(ctx, input)),
  studentsOfBatch: adminProcedure
    .input(ZStudentsOfBatchInput)
    .query(({ ctx, input }) => discountStudentsOfBatch(ctx, input)),
  create: adminProcedure.input(ZCreateDiscountInput).mutation(({ ctx, input }) => createDiscount(ctx, input)),
  update: adminProcedure.input(ZUpdateDiscountInput).mutation(({ ctx, input }) => editDiscount(ctx, input)),
  remove: adminProcedure.input(ZDiscountIdInput).mutation(({ ctx, input }) => removeDiscount(ctx, input)),
});
