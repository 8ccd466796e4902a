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
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { byBatchHandler } from './byBatch.handler';
import { demandNoticesHandler } from './demandNotices.handler';
import { duesHandler } from './dues.handler';
import { paymentSettingsUpdateHandler } from './paymentSettings.update.handler';
import { removeHandler } from './remove.handler';
import { saveHandler } from './save.handler';
import { studentDuesHandler } from './studentDues.handler';
import { waiveFineHandler } from './waiveFine.handler';

export const plansRouter = router({
  byBatch: departmentProcedure.input(ZBatchPlanInput).query(byBatchHandler),
  save: adminProcedure.input(ZSavePlanInput).mutation(saveHandler),
  remove: adminProcedure.input(ZRemovePlanInput).mutation(removeHandler),
  studentDues: departmentProcedure.input(ZStudentDuesInput).query(studentDuesHandler),
  waiveFine: adminProcedure.input(ZWaiveFineInput).mutation(waiveFineHandler),
  dues: departmentProcedure.input(ZDuesInput).query(duesHandler),
  demandNotices: departmentProcedure.input(ZDemandNoticesInput).query(demandNoticesHandler),
  paymentSettings: router({
    get: departmentProcedure
      .input(ZPaymentSettingsInput)
      .query(async ({ ctx, input }) => ({ depId: input.depId, ...(await getDepartmentPayment(ctx.db, input.depId)) })),
    update: adminProcedure.input(ZUpdatePaymentSettingsInput).mutation(paymentSettingsUpdateHandler),
  }),
});
