import {
  ZEndOptInInput,
  ZOptInImportInput,
  ZOptInsOfBatchInput,
  ZOptInStudentsInput,
  ZRemoveOptInInput,
} from '@fees/validation';
import { commitOptInImport, previewOptInImport } from '../../domain/optional-heads/import';
import { endOptIn, optInsOfBatchView, optInStudents, removeOptIn } from '../../domain/optional-heads/service';
import { departmentProcedure, departmentReadProcedure, router } from '../../trpc';

/**
 * Who takes transport, hostel or mess: a department's own work, like its students' records. Whoever reads the
 * department sees the opt-ins; changing them changes what students owe, an accountant's write.
 */
export const optionalHeadsRouter = router({
  byBatch: departmentReadProcedure.input(ZOptInsOfBatchInput).query(({ ctx, input }) => optInsOfBatchView(ctx, input)),
  optIn: departmentProcedure.input(ZOptInStudentsInput).mutation(({ ctx, input }) => optInStudents(ctx, input)),
  end: departmentProcedure.input(ZEndOptInInput).mutation(({ ctx, input }) => endOptIn(ctx, input)),
  remove: departmentProcedure.input(ZRemoveOptInInput).mutation(({ ctx, input }) => removeOptIn(ctx, input)),
  importPreview: departmentProcedure
    .input(ZOptInImportInput)
    .mutation(({ ctx, input }) => previewOptInImport(ctx, input)),
  importCommit: departmentProcedure
    .input(ZOptInImportInput)
    .mutation(({ ctx, input }) => commitOptInImport(ctx, input)),
});
