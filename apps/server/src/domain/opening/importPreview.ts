import type { TOpeningImportInput } from '@fees/validation';
import { analyseOpeningImport } from './import';
import type { AuthedContext } from '../../context';

/** Every row of the file with its messages and the sums of the valid ones; writes nothing. */
export async function previewOpeningImport(ctx: AuthedContext, input: TOpeningImportInput) {
  const { rows, total, valid, invalid, duesPaise, advancesPaise } = await analyseOpeningImport(ctx, input);
  return { rows, total, valid, invalid, duesPaise, advancesPaise };
}
