import { z } from 'zod';
import { requiredText, ZDepId, ZId, ZRecordDate } from './common';
import { STUDENT_IMPORT_MAX_ROWS, STUDENT_LIMITS } from './students';

/**
 * Promotion: a batch's students moved on to its next batch in one write. Each listed student is promoted (the
 * default), kept (repeating the year in the same batch) or left; students of the batch left out of the list stay
 * where they are.
 */
export const PROMOTION_ACTIONS = ['promote', 'keep', 'leave'] as const;
export type TPromotionAction = (typeof PROMOTION_ACTIONS)[number];

export const PROMOTION_ACTION_LABELS: Record<TPromotionAction, string> = {
  promote: 'Promote',
  keep: 'Keep (repeat)',
  leave: 'Left',
};

export const PROMOTION_MSG = {
  sameBatch: 'The next batch must be another batch',
  notAfter: (from: string, to: string) => `${to} does not start after ${from}: choose a later batch`,
  otherDepartment: 'Both batches must be of this department',
  notInBatch: (admissionNo: string, batch: string) => `${admissionNo} is not a current student of ${batch}`,
  twice: (admissionNo: string) => `${admissionNo} is listed twice`,
  notFound: 'No such promotion',
  undone: 'This promotion was already undone',
  receiptsIssued: (count: number, batch: string) =>
    `${count} receipt${count === 1 ? ' was' : 's were'} issued in ${batch} since: ` +
    'the promotion can no longer be undone',
  notPromotedFrom: (admissionNo: string) => `${admissionNo} was not promoted out of this batch`,
  movedSince: (admissionNo: string) => `${admissionNo} moved again since: the promotion can no longer be undone`,
  sponsoredSince: (count: number, batch: string) =>
    `${count} sponsor share${count === 1 ? ' was' : 's were'} recorded in ${batch} since: ` +
    `remove ${count === 1 ? 'it' : 'them'} to undo the promotion`,
} as const;

const ZBatches = z.object({ depId: ZDepId, fromBatchId: ZId, toBatchId: ZId });

/** A batch and its next batch: the students listed with their unpaid balance. */
export const ZPromotionPreviewInput = ZBatches;
export type TPromotionPreviewInput = z.infer<typeof ZPromotionPreviewInput>;

export const ZApplyPromotionInput = ZBatches.extend({
  /** The day the old enrolments end and the new ones start (left out: the next batch's start date). */
  date: ZRecordDate.optional(),
  students: z
    .array(
      z.object({
        admNo: requiredText(STUDENT_LIMITS.admissionNo),
        action: z.enum(PROMOTION_ACTIONS, { error: 'Choose promote, keep or leave' }),
      }),
    )
    .min(1, 'List at least one student')
    .max(STUDENT_IMPORT_MAX_ROWS),
});
export type TApplyPromotionInput = z.infer<typeof ZApplyPromotionInput>;

export const ZUndoPromotionInput = z.object({ depId: ZDepId, id: ZId });
export type TUndoPromotionInput = z.infer<typeof ZUndoPromotionInput>;
