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
import { departmentDiscountProcedure, discountProcedure, router } from '../../trpc';

/** A department's discounts: its accountants and the admins; a large one may wait for approval (domain). */
export const discountsRouter = router({
  list: departmentDiscountProcedure
    .input(ZListDiscountsInput)
    .query(({ ctx, input }) => listDiscounts(ctx.db, { departmentId: input.depId })),
  byId: discountProcedure.input(ZDiscountIdInput).query(({ ctx, input }) => discountById(ctx, input)),
  studentsOfBatch: departmentDiscountProcedure
    .input(ZStudentsOfBatchInput)
    .query(({ ctx, input }) => discountStudentsOfBatch(ctx, input)),
  create: departmentDiscountProcedure
    .input(ZCreateDiscountInput)
    .mutation(({ ctx, input }) => createDiscount(ctx, input)),
  update: departmentDiscountProcedure
    .input(ZUpdateDiscountInput)
    .mutation(({ ctx, input }) => editDiscount(ctx, input)),
  remove: discountProcedure.input(ZDiscountIdInput).mutation(({ ctx, input }) => removeDiscount(ctx, input)),
});
