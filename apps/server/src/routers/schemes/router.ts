import {
  ZApplySchemeInput,
  ZCreateSchemeInput,
  ZLeaveSchemeInput,
  ZSchemeIdInput,
  ZSchemeMembersInput,
  ZStudentSchemesInput,
  ZUpdateSchemeInput,
} from '@fees/validation';
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { joinHandler } from './join.handler';
import { byIdHandler } from './byId.handler';
import { createHandler } from './create.handler';
import { leaveHandler } from './leave.handler';
import { leavePreviewHandler } from './leavePreview.handler';
import { listHandler } from './list.handler';
import { membersHandler } from './members.handler';
import { ofStudentHandler } from './ofStudent.handler';
import { previewHandler } from './preview.handler';
import { removeHandler } from './remove.handler';
import { updateHandler } from './update.handler';

export const schemesRouter = router({
  list: adminProcedure.query(listHandler),
  byId: adminProcedure.input(ZSchemeIdInput).query(byIdHandler),
  create: adminProcedure.input(ZCreateSchemeInput).mutation(createHandler),
  update: adminProcedure.input(ZUpdateSchemeInput).mutation(updateHandler),
  remove: adminProcedure.input(ZSchemeIdInput).mutation(removeHandler),
  members: adminProcedure.input(ZSchemeMembersInput).query(membersHandler),
  /** The student page's Schemes section: staff of the department read it, admins change it. */
  ofStudent: departmentProcedure.input(ZStudentSchemesInput).query(ofStudentHandler),
  preview: adminProcedure.input(ZApplySchemeInput).query(previewHandler),
  join: adminProcedure.input(ZApplySchemeInput).mutation(joinHandler),
  leavePreview: adminProcedure.input(ZLeaveSchemeInput).query(leavePreviewHandler),
  leave: adminProcedure.input(ZLeaveSchemeInput).mutation(leaveHandler),
});
