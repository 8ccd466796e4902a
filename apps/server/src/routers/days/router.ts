import { ZCloseDayInput } from '@fees/validation';
import { departmentProcedure, router } from '../../trpc';
import { closeHandler } from './close.handler';

export const daysRouter = router({
  close: departmentProcedure.input(ZCloseDayInput).mutation(closeHandler),
});
