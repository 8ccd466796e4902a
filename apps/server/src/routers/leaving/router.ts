import { ZCertificateInput, ZLeaveStudentInput, ZLeavingPreviewInput, ZLeavingStudentInput } from '@fees/validation';
import {
  certificateByNumber,
  issueCertificate,
  leaveStudent,
  leavingOfStudentByAdmissionNo,
  leavingPreview,
  undoLeavingOf,
} from '../../domain/leaving/service';
import { departmentProcedure, departmentReadProcedure, router } from '../../trpc';

export const leavingRouter = router({
  ofStudent: departmentReadProcedure
    .input(ZLeavingStudentInput)
    .query(({ ctx, input }) => leavingOfStudentByAdmissionNo(ctx, input)),
  preview: departmentReadProcedure.input(ZLeavingPreviewInput).query(({ ctx, input }) => leavingPreview(ctx, input)),
  leave: departmentProcedure.input(ZLeaveStudentInput).mutation(({ ctx, input }) => leaveStudent(ctx, input)),
  undo: departmentProcedure.input(ZLeavingStudentInput).mutation(({ ctx, input }) => undoLeavingOf(ctx, input)),
  certificate: departmentProcedure
    .input(ZLeavingStudentInput)
    .mutation(({ ctx, input }) => issueCertificate(ctx, input)),
  certificateByNumber: departmentReadProcedure
    .input(ZCertificateInput)
    .query(({ ctx, input }) => certificateByNumber(ctx, input)),
});
