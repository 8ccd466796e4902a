import {
  type AuditActor,
  type FeeHeadGst,
  type Reader,
  type WriteTx,
  findBatch,
  findFeeHead,
  findFeeStructureForHead,
  getGstRateBasisPoints,
  setFeeHeadGst,
  writeAudit,
} from '@fees/db';
import { AppError, MSG, specialHeadRefusal, type TGstTreatment } from '@fees/validation';

export const headNameTakenMessage = (name: string) => `A fee head named ${name} already exists`;

export async function loadFeeHead(db: Reader, id: number) {
  const head = await findFeeHead(db, id);
  if (!head) throw new AppError('NOT_FOUND', 'No such fee head');
  return head;
}

/** The batch must exist and belong to the department named in the input. */
export async function loadBatchOfDepartment(db: Reader, input: { depId: number; batchId: number }) {
  const batch = await findBatch(db, input.batchId);
  if (!batch || batch.departmentId !== input.depId) {
    throw new AppError('BAD_INPUT', 'This batch does not belong to the department');
  }
  return batch;
}

/** Refuses a head charged by a rule of its own (Advance, Late fee, Previous dues, Cheque bounce charge). */
export function assertStructureHead(headName: string): void {
  const refusal = specialHeadRefusal(headName);
  if (refusal) throw new AppError('BAD_INPUT', refusal);
}

/** Checks batch and head (one a structure may charge), and that the head is not charged to the batch by another row. */
export async function checkStructureTarget(
  db: Reader,
  input: { depId: number; batchId: number; feeHeadId: number; exceptId?: number },
) {
  const batch = await loadBatchOfDepartment(db, input);
  const head = await loadFeeHead(db, input.feeHeadId);
  assertStructureHead(head.name);
  if (
    await findFeeStructureForHead(db, { batchId: input.batchId, feeHeadId: input.feeHeadId, exceptId: input.exceptId })
  ) {
    throw new AppError('CONFLICT', structureTakenMessage(head.name, batch));
  }
  return { batch, head };
}

export const structureTakenMessage = (headName: string, batch: { name: string; courseName: string }) =>
  `${headName} is already in the fee structure of batch ${batch.name} (${batch.courseName}); edit that row instead`;

/** A head's GST as stored: a taxable head sent without a rate takes the default rate of the settings. */
export async function storedGst(db: Reader, gst: TGstTreatment): Promise<FeeHeadGst> {
  if (gst.treatment === 'exempt') return { gstTreatment: 'exempt', gstRateBasisPoints: 0, gstCode: null };
  const rate = gst.rateBasisPoints ?? (await getGstRateBasisPoints(db));
  if (rate === 0) throw new AppError('BAD_INPUT', MSG.gstDefaultRateZero);
  return { gstTreatment: 'taxable', gstRateBasisPoints: rate, gstCode: gst.code };
}

/**
 * Sets a head's GST treatment from a fee structure write (the head is one for every batch charging it), with
 * its audit row; nothing is written when it is unchanged.
 */
export async function applyHeadGst(
  tx: WriteTx,
  actor: AuditActor,
  head: { id: number } & FeeHeadGst,
  gst: TGstTreatment | undefined,
): Promise<void> {
  if (!gst) return;
  const wanted = await storedGst(tx, gst);
  if (
    wanted.gstTreatment === head.gstTreatment &&
    wanted.gstRateBasisPoints === head.gstRateBasisPoints &&
    wanted.gstCode === head.gstCode
  )
    return;
  const after = await setFeeHeadGst(tx, { id: head.id, gst: wanted });
  await writeAudit(tx, { actor, action: 'update', entity: 'fee_head', entityId: head.id, before: head, after });
}
