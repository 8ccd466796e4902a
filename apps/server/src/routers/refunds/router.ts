import {
  ZCreateRefundInput,
  ZListRefundsInput,
  ZRefundNumberInput,
  ZStudentFeeInfoInput,
  ZVoidRefundInput,
} from '@fees/validation';
import { authedProcedure, departmentProcedure, router } from '../../trpc';
import { byNumberHandler } from './byNumber.handler';
import { createHandler } from './create.handler';
import { listHandler } from './list.handler';
import { studentAdvanceHandler } from './studentAdvance.handler';
import { voidHandler } from './void.handler';

export const refundsRouter = router({
  list: departmentProcedure.input(ZListRefundsInput).query(listHandler),
  studentAdvance: departmentProcedure.input(ZStudentFeeInfoInput).query(studentAdvanceHandler),
  create: departmentProcedure.input(ZCreateRefundInput).mutation(createHandler),
  byNumber: authedProcedure.input(ZRefundNumberInput).query(byNumberHandler),
  void: authedProcedure.input(ZVoidRefundInput).mutation(voidHandler),
});
