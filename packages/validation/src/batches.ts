import { z } from 'zod';
import { requiredText, ZRecordDate, ZDepId, ZId, ZMustConfirm, ZVersion } from './common';
import { MSG } from './messages';

/** For objects with a startDate and an endDate: the end may equal the start, never precede it. */
export function endNotBeforeStart<T extends { startDate: string; endDate: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', message: MSG.endBeforeStart, path: ['endDate'] });
}

/** A batch's fields (/admin/batch): name, course, start and end dates, Confirm. */
export const ZBatchFields = z.object({
  depId: ZDepId,
  courseId: ZId,
  name: requiredText(50),
  startDate: ZRecordDate,
  endDate: ZRecordDate,
  confirm: ZMustConfirm,
});

export const ZCreateBatchInput = ZBatchFields.superRefine(endNotBeforeStart);
export type TCreateBatchInput = z.infer<typeof ZCreateBatchInput>;

export const ZUpdateBatchInput = ZBatchFields.extend({ id: ZId, version: ZVersion }).superRefine(endNotBeforeStart);
export type TUpdateBatchInput = z.infer<typeof ZUpdateBatchInput>;

export const ZListBatchesInput = z.object({ depId: ZDepId });
export type TListBatchesInput = z.infer<typeof ZListBatchesInput>;

export const ZBatchesByCourseInput = z.object({ depId: ZDepId, courseId: ZId });
export type TBatchesByCourseInput = z.infer<typeof ZBatchesByCourseInput>;

export const ZBatchByIdInput = z.object({ id: ZId });
export type TBatchByIdInput = z.infer<typeof ZBatchByIdInput>;
