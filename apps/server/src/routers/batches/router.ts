import { listBatches, listBatchesByCourse } from '@fees/db';
import {
  ZBatchByIdInput,
  ZBatchesByCourseInput,
  ZCreateBatchInput,
  ZListBatchesInput,
  ZUpdateBatchInput,
} from '@fees/validation';
import { batchById } from '../../domain/batches/byId';
import { createBatch } from '../../domain/batches/create';
import { editBatch } from '../../domain/batches/update';
import { adminProcedure, departmentLookupProcedure, readProcedure, router } from '../../trpc';

export const batchesRouter = router({
  list: adminProcedure
    .input(ZListBatchesInput)
    .query(({ ctx, input }) => listBatches(ctx.db, { departmentId: input.depId })),
  byCourse: departmentLookupProcedure
    .input(ZBatchesByCourseInput)
    .query(({ ctx, input }) => listBatchesByCourse(ctx.db, { departmentId: input.depId, courseId: input.courseId })),
  byId: readProcedure.input(ZBatchByIdInput).query(({ ctx, input }) => batchById(ctx, input)),
  create: adminProcedure.input(ZCreateBatchInput).mutation(({ ctx, input }) => createBatch(ctx, input)),
  update: adminProcedure.input(ZUpdateBatchInput).mutation(({ ctx, input }) => editBatch(ctx, input)),
});
