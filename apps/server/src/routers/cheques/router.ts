import { ZBounceChequeInput, ZChequeListInput, ZClearChequeInput } from '@fees/validation';
import { departmentProcedure, router } from '../../trpc';
import { bounceHandler } from './bounce.handler';
import { clearHandler } from './clear.handler';
import { listHandler } from './list.handler';

export const chequesRouter = router({
  list: departmentProcedure.input(ZChequeListInput).query(listHandler),
  clear: departmentProcedure.input(ZClearChequeInput).mutation(clearHandler),
  bounce: departmentProcedure.input(ZBounceChequeInput).mutation(bounceHandler),
});
