/**
 * Refund vouchers: money paid back out of a student's advance. Like receipts, each write is atomic
 * (inWriteTransaction, IMMEDIATE): the advance is read, the amount checked against it, the number
 * allocated and the voucher and its audit row written together, so two clerks refunding the same
 * advance at once cannot both succeed (the second reads the first's refund and gets 409). As receipts
 * do, a refund locks the student's row before it reads the advance (lockStudentForReceipt: the
 * student's row, then the counter row), which on PostgreSQL makes a second refund, receipt or void of
 * that student wait and read what the first committed. A refund
 * of a closed day is created or voided only by an admin with a reason (assertDayOpen).
 */
import {
  type AuditActor,
  allocateRefundNumber,
  type Reader,
  findRefundByNumber,
  inWriteTransaction,
  insertRefund,
  lockStudentForReceipt,
  lockStudentOfRefund,
  markRefundVoided,
  settleIdempotencyKey,
  type StoredRefund,
  writeAudit,
} from '@fees/db';
import {
  paiseToRupeesText,
  refundLabel,
  refuse,
  type TCreateRefundInput,
  type TRefundNumberInput,
  type TVoidRefundInput,
  type SentForApproval,
} from '@fees/validation';
import { amountInWords } from '@fees/money';
import type { AuthedContext } from '../../context';
import { approvalNeeded, sendForApproval, type WriteMode } from '../approvals/gate';
import { assertDayOpen } from '../days/day-closing';
import { assertDepartmentAccess, type DepartmentAccess } from '../../department-access';
import { onceForKey } from '../../idempotency';
import { refundMessages } from '../messages/outbox';
import { assertReceiptDate, studentOfDepartment } from '../receipts/service';
import { assertCurrentVersion } from '../versions';
import { studentAdvance } from './advance';

export interface CreatedRefund {
  number: number;
  refundId: number;
  date: string;
  amountPaise: number;
  advancePaise: number;
}

export function createRefund(
  db: Reader,
  actor: AuditActor,
  input: TCreateRefundInput,
  access: DepartmentAccess,
  mode: WriteMode = 'maker',
): Promise<CreatedRefund | SentForApproval> {
  return inWriteTransaction(db, (db) =>
    onceForKey(db, { actor, operation: 'refunds.create', input }, async (claim) => {
      const student = await studentOfDepartment(db, input, access);
      await lockStudentForReceipt(db, student.id);
      await assertReceiptDate(db, input.date, access);
      await assertDayOpen(db, actor, access, {
        departmentId: student.departmentId,
        date: input.date,
        change: 'create a refund',
        reason: input.closedDayReason ?? null,
      });
      const advance = await studentAdvance(db, student);
      if (input.amount > advance) {
        refuse(
          'CONFLICT',
          advance === 0
            ? `${student.name} has no advance to refund`
            : `The refund of ${paiseToRupeesText(input.amount)} ` +
                `is more than the advance of ${paiseToRupeesText(advance)}`,
        );
      }
      if (await approvalNeeded(db, 'refund', access, mode)) {
        const sent = await sendForApproval(db, actor, {
          departmentId: student.departmentId,
          operation: 'refund',
          summary: {
            what: `Refund ${paiseToRupeesText(input.amount)} to ${student.name}`,
            studentName: student.name,
            admissionNo: student.admissionNo,
            receiptNumber: null,
            amountPaise: input.amount,
            date: input.date,
          },
          input,
          entityId: student.id,
          entityVersion: null,
          reason: input.reason,
        });
        if (claim) await settleIdempotencyKey(db, claim, sent);
        return sent;
      }
      const number = await allocateRefundNumber(db);
      const row = {
        number,
        departmentId: student.departmentId,
        courseId: student.courseId,
        batchId: student.batchId,
        studentId: student.id,
        date: input.date,
        studentName: student.name,
        amountPaise: input.amount,
        paymentMode: input.paymentMode,
        paymentReference: input.paymentMode === 'cash' ? null : input.paymentReference,
        reason: input.reason,
        createdBy: actor.userId,
      };
      const refundId = await insertRefund(db, row);
      await writeAudit(db, {
        actor,
        action: 'create',
        entity: 'refund',
        entityId: number,
        after: { ...row, status: 'live', admissionNo: student.admissionNo },
      });
      await refundMessages(db, { ...row, admissionNo: student.admissionNo });
      const created = {
        number,
        refundId,
        date: input.date,
        amountPaise: input.amount,
        advancePaise: advance - input.amount,
      };
      if (claim) await settleIdempotencyKey(db, claim, created);
      return created;
    }),
  );
}

export async function loadRefund(db: Reader, number: number, access: DepartmentAccess): Promise<StoredRefund> {
  const refund =
    (await findRefundByNumber(db, number)) ?? refuse('NOT_FOUND', `Refund ${refundLabel(number)} does not exist`);
  assertDepartmentAccess(access, refund.departmentId);
  return refund;
}

/** A voucher as printed: its row, the letterhead and the amount in words. */
export async function refundByNumber(ctx: AuthedContext, input: TRefundNumberInput) {
  const refund = await loadRefund(ctx.db, input.number, ctx.session);
  return { ...refund, words: amountInWords(refund.amountPaise) };
}

/** A voided refund keeps its number and row and counts nowhere: the amount returns to the advance. */
export function voidRefund(
  db: Reader,
  actor: AuditActor,
  { number, version, reason, closedDayReason }: TVoidRefundInput,
  access: DepartmentAccess,
) {
  return inWriteTransaction(db, async (db) => {
    await lockStudentOfRefund(db, number);
    const refund = await loadRefund(db, number, access);
    assertCurrentVersion(
      'refund',
      { version: refund.version, updatedAt: refund.voidedAt ?? refund.createdAt },
      version,
    );
    if (refund.status === 'voided') refuse('CONFLICT', `Refund ${refundLabel(number)} is already voided`);
    await assertDayOpen(db, actor, access, {
      departmentId: refund.departmentId,
      date: refund.date,
      change: `void refund ${refundLabel(number)}`,
      reason: closedDayReason ?? null,
    });
    const voidedAt = (await markRefundVoided(db, { refundId: refund.id, userId: actor.userId, reason }))!;
    const { letterheadName: _n, letterheadAddress: _a, letterheadPhone: _p, ...before } = refund;
    await writeAudit(db, {
      actor,
      action: 'void',
      entity: 'refund',
      entityId: number,
      before,
      after: { status: 'voided', voidedAt, voidedBy: actor.userId, reason },
    });
    return { number, status: 'voided' as const, voidedAt };
  });
}
