import { getDepartmentPayment } from '@fees/db';
import {
  ZBatchPlanInput,
  ZDemandNoticesInput,
  ZDuesInput,
  ZPaymentSettingsInput,
  ZRemovePlanInput,
  ZSavePlanInput,
  ZStudentDuesInput,
  ZUpdatePaymentSettingsInput,
  ZWaiveFineInput,
} from '@fees/validation';
import { batchPlan, demandNotices } from '../../domain/plans/service';
import { batchDues } from '../../domain/plans/dues';
import { updatePaymentSettings } from '../../domain/plans/paymentSettings.update';
import { removePlan } from '../../domain/plans/remove';
import { savePlan } from '../../domain/plans/save';
import { studentDues } from '../../domain/plans/studentDues';
import { waiveFine } from '../../domain/plans/waiveFine';
import {
  adminProcedure,
  departmentLookupProcedure,
  departmentProcedure,
  departmentReadProcedure,
  router,
} from '../../trpc';

export const plansRouter = router({
  byBatch: departmentReadProcedure.input(ZBatchPlanInput).query(({ ctx, input }) => batchPlan(ctx, input)),
  save: adminProcedure.input(ZSavePlanInput).mutation(({ ctx, input }) => savePlan(ctx, input)),
  remove: adminProcedure.input(ZRemovePlanInput).mutation(({ ctx, input }) => removePlan(ctx, input)),
  studentDues: departmentLookupProcedure.input(ZStudentDuesInput).query(({ ctx, input }) => studentDues(ctx, input)),
  waiveFine: departmentProcedure.input(ZWaiveFineInput).mutation(({ ctx, input }) => waiveFine(ctx, input)),
  dues: departmentReadProcedure.input(ZDuesInput).query(({ ctx, input }) => batchDues(ctx, input)),
  /** Demand notices as of a date: one student, or every student of a batch with something to collect. */
  demandNotices: departmentReadProcedure
    .input(ZDemandNoticesInput)
    .query(({ ctx, input }) => demandNotices(ctx.db, input)),
  paymentSettings: router({
    get: departmentReadProcedure
      .input(ZPaymentSettingsInput)
      .query(async ({ ctx, input }) => ({ depId: input.depId, ...(await getDepartmentPayment(ctx.db, input.depId)) })),
    update: adminProcedure
      .input(ZUpdatePaymentSettingsInput)
      .mutation(({ ctx, input }) => updatePaymentSettings(ctx, input)),
  }),
});
