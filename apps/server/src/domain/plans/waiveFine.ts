import { fineWaivers, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, paiseToRupeesText, type TWaiveFineInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import { type AuthedContext, loadStudentOfDepartment, studentDuesView } from './service';

/** An admin waives all or part of a student's fine outstanding today, with a reason; audited. */
export function waiveFine(ctx: AuthedContext, input: TWaiveFineInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const student = await loadStudentOfDepartment(tx, input);
    const date = today();
    const { fine } = await studentDuesView(tx, student, date);
    if (input.amountPaise > fine.outstanding) {
      throw new AppError(
        'BAD_INPUT',
        `The fine outstanding is ${paiseToRupeesText(Math.max(0, fine.outstanding))}; a waiver cannot be larger`,
      );
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
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'create',
      entity: 'fine_waiver',
      entityId: row.id,
      after: row,
    });
    return { id: row.id, ...(await studentDuesView(tx, student, date)).fine };
  });
}
