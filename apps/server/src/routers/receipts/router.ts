import {
  ZCreateReceiptInput,
  ZFindReceiptStudentsInput,
  ZReceiptEntryContextInput,
  ZReceiptNumberInput,
  ZSearchReceiptStudentsInput,
  ZStudentFeeInfoInput,
  ZUpdateReceiptInput,
  ZVoidReceiptInput,
} from '@fees/validation';
import { authedProcedure, departmentProcedure, router } from '../../trpc';
import { byNumberHandler } from './byNumber.handler';
import { createHandler } from './create.handler';
import { entryContextHandler } from './entryContext.handler';
import { feeInfoHandler } from './feeInfo.handler';
import { findStudentsHandler } from './findStudents.handler';
import { searchStudentsHandler } from './searchStudents.handler';
import { updateHandler } from './update.handler';
import { voidHandler } from './void.handler';

export const receiptsRouter = router({
  findStudents: departmentProcedure.input(ZFindReceiptStudentsInput).query(findStudentsHandler),
  searchStudents: departmentProcedure.input(ZSearchReceiptStudentsInput).query(searchStudentsHandler),
  feeInfo: departmentProcedure.input(ZStudentFeeInfoInput).query(feeInfoHandler),
  entryContext: departmentProcedure.input(ZReceiptEntryContextInput).query(entryContextHandler),
  create: departmentProcedure.input(ZCreateReceiptInput).mutation(createHandler),
  byNumber: authedProcedure.input(ZReceiptNumberInput).query(byNumberHandler),
  update: departmentProcedure.input(ZUpdateReceiptInput).mutation(updateHandler),
  void: authedProcedure.input(ZVoidReceiptInput).mutation(voidHandler),
});
