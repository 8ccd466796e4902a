import {
  ZCourseStudentsInput,
  ZCreateStudentInput,
  ZStudentByAdmissionNoInput,
  ZStudentIdInput,
  ZStudentImportInput,
  ZStudentsDashboardInput,
  ZUpdateStudentInput,
} from '@fees/validation';
import { departmentProcedure, router } from '../../trpc';
import { byAdmissionNoHandler, byIdHandler } from './byId.handler';
import { createHandler } from './create.handler';
import { dashboardHandler } from './dashboard.handler';
import { importCommitHandler } from './importCommit.handler';
import { importPreviewHandler } from './importPreview.handler';
import { listHandler } from './list.handler';
import { removeHandler } from './remove.handler';
import { updateHandler } from './update.handler';

export const studentsRouter = router({
  dashboard: departmentProcedure.input(ZStudentsDashboardInput).query(dashboardHandler),
  list: departmentProcedure.input(ZCourseStudentsInput).query(listHandler),
  byId: departmentProcedure.input(ZStudentIdInput).query(byIdHandler),
  byAdmissionNo: departmentProcedure.input(ZStudentByAdmissionNoInput).query(byAdmissionNoHandler),
  create: departmentProcedure.input(ZCreateStudentInput).mutation(createHandler),
  update: departmentProcedure.input(ZUpdateStudentInput).mutation(updateHandler),
  remove: departmentProcedure.input(ZStudentIdInput).mutation(removeHandler),
  importPreview: departmentProcedure.input(ZStudentImportInput).mutation(importPreviewHandler),
  importCommit: departmentProcedure.input(ZStudentImportInput).mutation(importCommitHandler),
});
