import { insertStudents, isUniqueViolation, replaceStudentContacts, writeAudit } from '@fees/db';
import { inTransaction } from '../write';
import { AppError, type TStudentImportInput } from '@fees/validation';
import { actorOf } from '../../audit';
import { analyseImport } from './import';
import { studentRow } from './shared';
import type { AuthedContext } from '../../context';

/** Re-checks the file and writes all of its students in one transaction, or none of them. */
export async function commitStudentImport(ctx: AuthedContext, input: TStudentImportInput) {
  const analysis = await analyseImport(ctx, input);
  if (analysis.invalid > 0) {
    const lines = analysis.rows.filter((r) => r.errors.length > 0).map((r) => r.line);
    const shown = lines.length > 10 ? `${lines.slice(0, 10).join(', ')}, ...` : lines.join(', ');
    throw new AppError(
      'BAD_INPUT',
      `${analysis.invalid} of ${analysis.total} rows are invalid ` +
        `(line${lines.length === 1 ? '' : 's'} ${shown}); nothing was imported`,
    );
  }
  try {
    const imported = await inTransaction(ctx, async (tx, ctx) => {
      const rows = await insertStudents(
        tx,
        analysis.forms.map((form) => studentRow(input.depId, form)),
      );
      const actor = actorOf(ctx);
      const contactsByNo = new Map(analysis.forms.map((form) => [form.admissionNo, form.contacts ?? []]));
      for (const row of rows) {
        const contacts = contactsByNo.get(row.admissionNo) ?? [];
        if (contacts.length > 0) await replaceStudentContacts(tx, { studentId: row.id, contacts });
        await writeAudit(tx, {
          actor,
          action: 'import',
          entity: 'student',
          entityId: row.id,
          after: { ...row, contacts },
        });
      }
      return rows.length;
    });
    return { Status: 'OK' as const, imported };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        'CONFLICT',
        'Another import or registration used one of these admission numbers meanwhile; nothing was imported',
      );
    }
    throw error;
  }
}
