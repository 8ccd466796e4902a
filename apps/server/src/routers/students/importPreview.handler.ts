import type { TStudentImportInput } from '@fees/validation';
import { analyseImport } from './import';
import type { DepartmentContext } from './shared';

/** Every row of the file with its messages; writes nothing. */
export function importPreviewHandler({ ctx, input }: { ctx: DepartmentContext; input: TStudentImportInput }) {
  const { rows, total, valid, invalid } = analyseImport(ctx, input);
  return { rows, total, valid, invalid };
}
