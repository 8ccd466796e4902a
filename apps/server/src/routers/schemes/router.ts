import { listSchemes } from '@fees/db';
import {
  ZApplySchemeInput,
  ZCreateSchemeInput,
  ZLeaveSchemeInput,
  ZSchemeIdInput,
  ZSchemeMembersInput,
  ZStudentSchemesInput,
  ZUpdateSchemeInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { applyScheme, leaveScheme, loadScheme, planJoin, planLeave, schemeMembers } from '../../domain/schemes/service';
import { createScheme } from '../../domain/schemes/create';
import { studentSchemes } from '../../domain/schemes/ofStudent';
import { removeScheme } from '../../domain/schemes/remove';
import { editScheme } from '../../domain/schemes/update';
import { adminProcedure, departmentReadProcedure, router } from '../../trpc';

export const schemesRouter = router({
  list: adminProcedure.query(({ ctx }) => listSchemes(ctx.db)),
  byId: adminProcedure.input(ZSchemeIdInput).query(({ ctx, input }) => loadScheme(ctx.db, input.id)),
  create: adminProcedure.input(ZCreateSchemeInput).mutation(({ ctx, input }) => createScheme(ctx, input)),
  update: adminProcedure.input(ZUpdateSchemeInput).mutation(({ ctx, input }) => editScheme(ctx, input)),
  remove: adminProcedure.input(ZSchemeIdInput).mutation(({ ctx, input }) => removeScheme(ctx, input)),
  members: adminProcedure.input(ZSchemeMembersInput).query(({ ctx, input }) => schemeMembers(ctx, input)),
  /** The student page's Schemes section: staff of the department read it, admins change it. */
  ofStudent: departmentReadProcedure.input(ZStudentSchemesInput).query(({ ctx, input }) => studentSchemes(ctx, input)),
  /** What applying the scheme would write, per student and head; nothing is written. */
  preview: adminProcedure.input(ZApplySchemeInput).query(({ ctx, input }) => planJoin(ctx.db, input)),
  join: adminProcedure.input(ZApplySchemeInput).mutation(({ ctx, input }) => applyScheme(ctx.db, actorOf(ctx), input)),
  /** What leaving would remove, per student and head, and which paid heads would owe again; nothing is written. */
  leavePreview: adminProcedure.input(ZLeaveSchemeInput).query(({ ctx, input }) => planLeave(ctx.db, input)),
  leave: adminProcedure.input(ZLeaveSchemeInput).mutation(({ ctx, input }) => leaveScheme(ctx, input)),
});
