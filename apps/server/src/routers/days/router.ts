import { ZCloseDayInput, ZReopenDayInput } from '@fees/validation';
import { adminProcedure, departmentProcedure, router } from '../../trpc';
import { closeHandler } from './close.handler';
import { reopenHandler } from './reopen.handler';

export const daysRouter = router({
  close: departmentProcedure.input(ZCloseDayInput).mutation(closeHandler),
  reopen: adminProcedure.input(ZReopenDayInput).mutation(reopenHandler),
});
