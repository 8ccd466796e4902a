import { fineWaivers, type WriteTx, writeAudit } from '@fees/db';
import { AppError, paiseToRupeesText, refuse, type SentForApproval, type TWaiveFineInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import { approvalNeeded, sendForApproval, type WriteMode } from '../approvals/gate';
import { inTransaction } from '../write';
import { type AuthedContext, loadStudentOfDepartment, studentDuesView } from './service';

type Waived = Awaited<ReturnType<typeof studentDuesView>>['fine'] & { id: number };

/**
 * An accountant or admin waives all or part of a student's fine outstanding today, with a reason; audited.
 * When waivers need a second person, an accountant's becomes a request and the fine stays as it is.
 */
export function waiveFine(ctx: AuthedContext, input: TWaiveFineInput) {
  return inTransaction(ctx, (tx, ctx) => waiveFineIn(tx, ctx, input, 'maker'));
}

/** The waiver in the caller's transaction: the maker's, or an approved request's replay. */
export async function waiveFineIn(
  tx: WriteTx,
  ctx: Pick<AuthedContext, 'session' | 'ip'>,
  input: TWaiveFineInput,
  mode: WriteMode,
): Promise<Waived | SentForApproval> {
  const student = await loadStudentOfDepartment(tx, input);
  const date = today();
  const { fine } = await studentDuesView(tx, student, date);
  if (input.amountPaise > fine.outstanding) {
    const outstanding = paiseToRupeesText(Math.max(0, fine.outstanding));
    // On approval the fine was larger when asked: a payment or another waiver came between.
    if (mode === 'approved')
      refuse(
        'STALE',
        `The fine outstanding of ${student.name} is now ${outstanding}, less than this waiver of ` +
          `${paiseToRupeesText(input.amountPaise)}: a payment or another waiver came after this request`,
      );
    throw new AppError('BAD_INPUT', `The fine outstanding is ${outstanding}; a waiver cannot be larger`);
  }
  const actor = actorOf(ctx);
  if (await approvalNeeded(tx, 'waiver', ctx.session, mode)) {
    return sendForApproval(tx, actor, {
      departmentId: student.departmentId,
      operation: 'waiver',
      summary: {
        what: `Waive ${paiseToRupeesText(input.amountPaise)} of the fine of ${student.name}`,
        studentName: student.name,
        admissionNo: student.admissionNo,
        receiptNumber: null,
        amountPaise: input.amountPaise,
        date,
      },
      input,
      entityId: student.id,
      entityVersion: null,
      reason: input.reason,
    });
  }
  const row = (
    await tx
      .insert(fineWaivers)
      .values({
        studentId: student.id,
        amountPaise: input.amountPaise,
        reason: input.reason,
        date,
        createdBy: ctx.session.userId,
        createdByEmail: ctx.session.email,
      })
      .returning()
  )[0]!;
  await writeAudit(tx, { actor, action: 'create', entity: 'fine_waiver', entityId: row.id, after: row });
  return { id: row.id, ...(await studentDuesView(tx, student, date)).fine };
}
