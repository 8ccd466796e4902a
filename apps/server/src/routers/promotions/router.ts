import { ZApplyPromotionInput, ZPromotionPreviewInput, ZUndoPromotionInput } from '@fees/validation';
import { applyPromotion, previewPromotion, undoPromotionOf } from '../../domain/promotions/service';
import { departmentProcedure, departmentReadProcedure, router } from '../../trpc';

export const promotionsRouter = router({
  preview: departmentReadProcedure
    .input(ZPromotionPreviewInput)
    .query(({ ctx, input }) => previewPromotion(ctx, input)),
  run: departmentProcedure.input(ZApplyPromotionInput).mutation(({ ctx, input }) => applyPromotion(ctx, input)),
  undo: departmentProcedure.input(ZUndoPromotionInput).mutation(({ ctx, input }) => undoPromotionOf(ctx, input)),
});
