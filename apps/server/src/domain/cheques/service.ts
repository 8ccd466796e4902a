/**
 * What becomes of a cheque or demand draft: cleared by the bank, or bounced. A bounce voids its
 * receipt with the reason in the same transaction (the balance and any late fine come back, as the
 * payment never happened) and puts the bank's charge on the student's "Cheque bounce charge" head.
 */
import {
  type AuditActor,
  type Reader,
  type WriteTx,
  findCheque,
  findReceiptByNumber,
  inWriteTransaction,
  settleCheque,
  writeAudit,
} from '@fees/db';
import {
  formatDate,
  paiseToRupeesText,
  receiptLabel,
  refuse,
  type TBounceChequeInput,
  type TClearChequeInput,
  type TClearChequesInput,
} from '@fees/validation';
import { today } from '../../config';
import { assertDayOpen } from '../days/day-closing';
import { assertDepartmentAccess, type DepartmentAccess } from '../../department-access';
import { chequeBouncedMessages } from '../messages/outbox';
import { markVoided } from '../receipts/service';

/** The pending cheque named in the input, of its department, with its live receipt. */
async function pendingCheque(db: Reader, input: TClearChequeInput, access: DepartmentAccess) {
  const cheque = await findCheque(db, input.chequeId);
  if (!cheque || cheque.departmentId !== input.depId) refuse('NOT_FOUND', 'No such cheque in this department');
  assertDepartmentAccess(access, cheque.departmentId);
  const label = receiptLabel(cheque.receiptNumber);
  if (cheque.status === 'cleared')
    refuse('CONFLICT', `The cheque of receipt ${label} was already cleared on ${formatDate(cheque.clearedOn)}`);
  if (cheque.status === 'bounced')
    refuse('CONFLICT', `The cheque of receipt ${label} already bounced on ${formatDate(cheque.bouncedOn)}`);
  const receipt = (await findReceiptByNumber(db, cheque.receiptNumber))!;
  if (receipt.status === 'voided')
    refuse('CONFLICT', `Receipt ${label} was voided; its cheque can no longer be cleared or bounced`);
  const now = today();
  if (input.date > now) refuse('BAD_INPUT', 'The date cannot be after today');
  if (input.date < receipt.date)
    refuse('BAD_INPUT', `The date cannot be before the receipt's date (${formatDate(receipt.date)})`);
  return { cheque, receipt };
}

function auditOf(cheque: {
  id: number;
  receiptNumber: number;
  departmentId: number;
  studentId: number;
  status: string;
}) {
  return {
    receiptNumber: cheque.receiptNumber,
    departmentId: cheque.departmentId,
    studentId: cheque.studentId,
    status: cheque.status,
  };
}

export function clearCheque(db: Reader, actor: AuditActor, input: TClearChequeInput, access: DepartmentAccess) {
  return inWriteTransaction(db, (db) => clearOne(db, actor, input, access));
}

/**
 * Several cheques cleared on one day, in one transaction: a cheque that cannot be cleared refuses them all
 * with its own message, so the clerk never has to find out which half went through.
 */
export function clearCheques(db: Reader, actor: AuditActor, input: TClearChequesInput, access: DepartmentAccess) {
  return inWriteTransaction(db, async (db) => {
    const numbers: number[] = [];
    for (const chequeId of input.chequeIds) {
      const cleared = await clearOne(db, actor, { depId: input.depId, chequeId, date: input.date }, access);
      numbers.push(cleared.receiptNumber);
    }
    const labels = numbers.sort((a, b) => a - b).map(receiptLabel);
    const count = labels.length === 1 ? '1 cheque' : `${labels.length} cheques`;
    return {
      cleared: labels.length,
      message: `${count} cleared on ${formatDate(input.date)}: receipts ${labels.join(', ')}`,
    };
  });
}

async function clearOne(db: WriteTx, actor: AuditActor, input: TClearChequeInput, access: DepartmentAccess) {
  const { cheque } = await pendingCheque(db, input, access);
  await settleCheque(db, {
    id: cheque.id,
    status: 'cleared',
    date: input.date,
    reason: null,
    chargePaise: 0,
    userId: actor.userId,
  });
  await writeAudit(db, {
    actor,
    action: 'update',
    entity: 'cheque',
    entityId: cheque.id,
    before: auditOf(cheque),
    after: { ...auditOf(cheque), status: 'cleared', clearedOn: input.date },
  });
  return {
    chequeId: cheque.id,
    receiptNumber: cheque.receiptNumber,
    status: 'cleared' as const,
    message: `Cheque of receipt ${receiptLabel(cheque.receiptNumber)} cleared`,
  };
}

/**
 * A bounce is an event of the day the bank returned the cheque: that day must be open (or an admin
 * gives the bounce's reason for it). The receipt is voided whatever its own date, so a closed day's
 * book then lists it among the voided receipts with the bounce as the reason.
 */
export function bounceCheque(db: Reader, actor: AuditActor, input: TBounceChequeInput, access: DepartmentAccess) {
  return inWriteTransaction(db, async (db) => {
    const { cheque, receipt } = await pendingCheque(db, input, access);
    const label = receiptLabel(receipt.number);
    await assertDayOpen(db, actor, access, {
      departmentId: cheque.departmentId,
      date: input.date,
      change: `bounce the cheque of receipt ${label}`,
      reason: input.reason,
    });
    await settleCheque(db, {
      id: cheque.id,
      status: 'bounced',
      date: input.date,
      reason: input.reason,
      chargePaise: input.charge,
      userId: actor.userId,
    });
    await markVoided(db, actor, receipt, `Cheque bounced: ${input.reason}`);
    await chequeBouncedMessages(db, receipt, { date: input.date, reason: input.reason, chargePaise: input.charge });
    await writeAudit(db, {
      actor,
      action: 'update',
      entity: 'cheque',
      entityId: cheque.id,
      before: auditOf(cheque),
      after: {
        ...auditOf(cheque),
        status: 'bounced',
        bouncedOn: input.date,
        reason: input.reason,
        chargePaise: input.charge,
      },
    });
    const charged = input.charge > 0 ? `; a charge of ${paiseToRupeesText(input.charge)} is due from the student` : '';
    return {
      chequeId: cheque.id,
      status: 'bounced' as const,
      message: `Cheque of receipt ${label} bounced: the receipt is voided${charged}`,
    };
  });
}
