import { z } from 'zod';
import { endNotBeforeStart } from './batches';
import { ZGstTreatment } from './gst';
import { requiredText, ZAmount, ZRecordDate, ZDepId, ZId, ZMustConfirm, ZVersion } from './common';

/** A fee head's name (Tuition Fee, Exam Fee, ...). */
export const ZFeeHeadName = requiredText(50);

/** Left out, a new head is exempt and an existing head keeps its treatment. */
const gst = ZGstTreatment.optional();

export const ZCreateFeeHeadInput = z.object({ name: ZFeeHeadName, gst });
export type TCreateFeeHeadInput = z.infer<typeof ZCreateFeeHeadInput>;

export const ZRenameFeeHeadInput = z.object({ id: ZId, name: ZFeeHeadName, gst });
export type TRenameFeeHeadInput = z.infer<typeof ZRenameFeeHeadInput>;

export const ZFeeHeadIdInput = z.object({ id: ZId });
export type TFeeHeadIdInput = z.infer<typeof ZFeeHeadIdInput>;

/**
 * A fee structure row (/admin/fhead): batch, start date, end date, fee head, amount and Confirm.
 * The amount is typed in rupees and arrives at the handler as paise.
 */
export const ZFeeStructureFields = z.object({
  depId: ZDepId,
  batchId: ZId,
  startDate: ZRecordDate,
  endDate: ZRecordDate,
  feeHeadId: ZId,
  amount: ZAmount,
  confirm: ZMustConfirm,
  /** The user confirmed that a student's balance may go below zero. */
  allowNegativeBalance: z.boolean().optional().default(false),
  /** Owed only by the students opted into it (transport, hostel, mess); an update left without it keeps the row's. */
  optional: z.boolean().optional(),
  /** The head's GST treatment, for every batch charging it; left out, the head keeps its own. */
  gst,
});

export const ZCreateFeeStructureInput = ZFeeStructureFields.superRefine(endNotBeforeStart);
export type TCreateFeeStructureInput = z.infer<typeof ZCreateFeeStructureInput>;

export const ZUpdateFeeStructureInput = ZFeeStructureFields.extend({ id: ZId, version: ZVersion }).superRefine(
  endNotBeforeStart,
);
export type TUpdateFeeStructureInput = z.infer<typeof ZUpdateFeeStructureInput>;

export const ZListFeeStructuresInput = z.object({ depId: ZDepId });
export type TListFeeStructuresInput = z.infer<typeof ZListFeeStructuresInput>;

export const ZFeeStructuresByBatchInput = z.object({ depId: ZDepId, batchId: ZId });
export type TFeeStructuresByBatchInput = z.infer<typeof ZFeeStructuresByBatchInput>;

export const ZFeeStructureIdInput = z.object({ id: ZId });
export type TFeeStructureIdInput = z.infer<typeof ZFeeStructureIdInput>;
