import type { TStudentImportInput } from '@fees/validation';
import { analyseImport } from './import';
import type { AuthedContext } from '../../context';

/** Every row of the file with its messages; writes nothing. */
export async function previewStudentImport(ctx: AuthedContext, input: TStudentImportInput) {
  const { rows, total, valid, invalid } = await analyseImport(ctx, input);
  return { rows, total, valid, invalid };
}
