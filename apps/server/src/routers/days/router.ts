import { ZCloseDayInput, ZReopenDayInput } from '@fees/validation';
import { closeDay } from '../../domain/days/close';
import { reopenDay } from '../../domain/days/reopen';
import { adminProcedure, departmentProcedure, router } from '../../trpc';

export const daysRouter = router({
  close: departmentProcedure.input(ZCloseDayInput).mutation(({ ctx, input }) => closeDay(ctx, input)),
  reopen: adminProcedure.input(ZReopenDayInput).mutation(({ ctx, input }) => reopenDay(ctx, input)),
});
