import { ZCloseDayInput, ZReopenDayInput } from '@fees/validation';
import { closeDay } from '../../domain/days/close';
import { reopenDay } from '../../domain/days/reopen';
import { departmentProcedure, router } from '../../trpc';

export const daysRouter = router({
  close: departmentProcedure.input(ZCloseDayInput).mutation(({ ctx, input }) => closeDay(ctx, input)),
  reopen: departmentProcedure.input(ZReopenDayInput).mutation(({ ctx, input }) => reopenDay(ctx, input)),
});
