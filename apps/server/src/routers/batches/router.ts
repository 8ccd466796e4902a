import { listBatches, listBatchesByCourse } from '@fees/db';
import {
  ZBatchByIdInput,
  ZBatchesByCourseInput,
  ZCreateBatchInput,
  ZListBatchesInput,
  ZUpdateBatchInput,
} from '@fees/validation';
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { byIdHandler } from './byId.handler';
import { createHandler } from './create.handler';
import { updateHandler } from './update.handler';

export const batchesRouter = router({
  list: adminProcedure
    .input(ZListBatchesInput)
    .query(({ ctx, input }) => listBatches(ctx.db, { departmentId: input.depId })),
  byCourse: departmentProcedure
    .input(ZBatchesByCourseInput)
    .query(({ ctx, input }) => listBatchesByCourse(ctx.db, { departmentId: input.depId, courseId: input.courseId })),
  byId: adminProcedure.input(ZBatchByIdInput).query(byIdHandler),
  create: adminProcedure.input(ZCreateBatchInput).mutation(createHandler),
  update: adminProcedure.input(ZUpdateBatchInput).mutation(updateHandler),
});
