import { ZCloseDayInput, ZReopenDayInput } from '@fees/validation';
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { closeDay } from '../../domain/days/close';
import { reopenDay } from '../../domain/days/reopen';

export const daysRouter = router({
  close: departmentProcedure.input(ZCloseDayInput).mutation(({ ctx, input }) => closeDay(ctx, input)),
  reopen: adminProcedure.input(ZReopenDayInput).mutation(({ ctx, input }) => reopenDay(ctx, input)),
});
