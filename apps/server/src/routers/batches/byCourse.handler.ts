import { listBatchesByCourse } from '@fees/db';
import type { TBatchesByCourseInput } from '@fees/validation';
import type { AuthedContext } from '../../context';

export function byCourseHandler({ ctx, input }: { ctx: AuthedContext; input: TBatchesByCourseInput }) {
  return listBatchesByCourse(ctx.db, { departmentId: input.depId, courseId: input.courseId });
}
