import {
  ZBatchByIdInput,
  ZBatchesByCourseInput,
  ZCreateBatchInput,
  ZListBatchesInput,
  ZUpdateBatchInput,
} from '@fees/validation';
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { byCourseHandler } from './byCourse.handler';
import { byIdHandler } from './byId.handler';
import { createHandler } from './create.handler';
import { listHandler } from './list.handler';
import { updateHandler } from './update.handler';

export const batchesRouter = router({
  list: adminProcedure.input(ZListBatchesInput).query(listHandler),
  byCourse: departmentProcedure.input(ZBatchesByCourseInput).query(byCourseHandler),
  byId: adminProcedure.input(ZBatchByIdInput).query(byIdHandler),
  create: adminProcedure.input(ZCreateBatchInput).mutation(createHandler),
  update: adminProcedure.input(ZUpdateBatchInput).mutation(updateHandler),
});
