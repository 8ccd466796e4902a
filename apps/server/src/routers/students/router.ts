import {
  ZCourseStudentsInput,
  ZCreateStudentInput,
  ZStudentByAdmissionNoInput,
  ZStudentIdInput,
  ZStudentImportInput,
  ZStudentsDashboardInput,
  ZUpdateStudentInput,
} from '@fees/validation';
import { studentByAdmissionNo, studentById, studentEnrolments } from '../../domain/students/byId';
import { createStudent } from '../../domain/students/create';
import { departmentDashboard } from '../../domain/students/dashboard';
import { commitStudentImport } from '../../domain/students/importCommit';
import { previewStudentImport } from '../../domain/students/import';
import { listStudents } from '../../domain/students/list';
import { removeStudent } from '../../domain/students/remove';
import { editStudent } from '../../domain/students/update';
import { departmentLookupProcedure, departmentProcedure, departmentReadProcedure, router } from '../../trpc';

export const studentsRouter = router({
  dashboard: departmentReadProcedure
    .input(ZStudentsDashboardInput)
    .query(({ ctx, input }) => departmentDashboard(ctx, input)),
  list: departmentReadProcedure.input(ZCourseStudentsInput).query(({ ctx, input }) => listStudents(ctx, input)),
  byId: departmentLookupProcedure.input(ZStudentIdInput).query(({ ctx, input }) => studentById(ctx, input)),
  enrolments: departmentReadProcedure.input(ZStudentIdInput).query(({ ctx, input }) => studentEnrolments(ctx, input)),
  byAdmissionNo: departmentLookupProcedure
    .input(ZStudentByAdmissionNoInput)
    .query(({ ctx, input }) => studentByAdmissionNo(ctx, input)),
  create: departmentProcedure.input(ZCreateStudentInput).mutation(({ ctx, input }) => createStudent(ctx, input)),
  update: departmentProcedure.input(ZUpdateStudentInput).mutation(({ ctx, input }) => editStudent(ctx, input)),
  remove: departmentProcedure.input(ZStudentIdInput).mutation(({ ctx, input }) => removeStudent(ctx, input)),
  importPreview: departmentProcedure
    .input(ZStudentImportInput)
    .mutation(({ ctx, input }) => previewStudentImport(ctx, input)),
  importCommit: departmentProcedure
    .input(ZStudentImportInput)
    .mutation(({ ctx, input }) => commitStudentImport(ctx, input)),
});
