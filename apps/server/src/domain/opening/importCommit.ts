import { insertOpeningBalances, isUniqueViolation, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TOpeningImportInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import { analyseOpeningImport } from './import';
import type { AuthedContext } from '../../context';

/** Re-checks the file and writes every opening balance in one transaction, due today, or none of them. */
export async function commitOpeningImport(ctx: AuthedContext, input: TOpeningImportInput) {
  const analysis = await analyseOpeningImport(ctx, input);
  if (analysis.invalid > 0) {
    const lines = analysis.rows.filter((r) => r.errors.length > 0).map((r) => r.line);
    const shown = lines.length > 10 ? `${lines.slice(0, 10).join(', ')}, ...` : lines.join(', ');
    throw new AppError(
      'BAD_INPUT',
      `${analysis.invalid} of ${analysis.total} rows are invalid ` +
        `(line${lines.length === 1 ? '' : 's'} ${shown}); nothing was imported`,
    );
  }
  const dueDate = today();
  const actor = actorOf(ctx);
  try {
    const imported = await inTransaction(ctx, async (tx, ctx) => {
      const ids = await insertOpeningBalances(
        tx,
        analysis.balances.map((b) => ({
          studentId: b.studentId,
          feeHeadId: b.feeHeadId,
          amountPaise: b.amountPaise,
          dueDate,
          note: b.note,
          createdBy: ctx.session.userId,
        })),
      );
      for (const [i, b] of analysis.balances.entries()) {
        await writeAudit(tx, {
          actor,
          action: 'import',
          entity: 'opening_balance',
          entityId: ids[i],
          after: { ...b, departmentId: input.depId, dueDate },
        });
      }
      return ids.length;
    });
    return {
      Status: 'OK' as const,
      imported,
      dueDate,
      duesPaise: analysis.duesPaise,
      advancesPaise: analysis.advancesPaise,
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'CONFLICT',
        'Another import or correction gave one of these students an opening balance ' +
          'on the same head meanwhile; nothing was imported',
      );
    }
    throw error;
  }
}
