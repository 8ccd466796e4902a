import {
  ZCollectionsInput,
  ZConcessionsInput,
  ZDayBookInput,
  ZDefaultersInput,
  ZDuesAsOfInput,
  ZDuesReportInput,
  ZFeeReceiptReportInput,
  ZReceiptLinesReportInput,
  ZReceiptsBetweenDatesInput,
  ZRefundsReportInput,
  ZStudentFeeReportInput,
  ZStudentStatementInput,
} from '@fees/validation';
import { authedProcedure, departmentProcedure, router } from '../../trpc';
import { collectionsHandler } from './collections.handler';
import { concessionsHandler } from './concessions.handler';
import { dayBookHandler } from './dayBook.handler';
import { defaultersHandler } from './defaulters.handler';
import { duesAsOfHandler } from './duesAsOf.handler';
import { duesHandler } from './dues.handler';
import { feeReceiptsHandler } from './feeReceipts.handler';
import { receiptLinesHandler } from './receiptLines.handler';
import { receiptsBetweenDatesHandler } from './receiptsBetweenDates.handler';
import { refundsHandler } from './refunds.handler';
import { statementHandler } from './statement.handler';
import { studentFeeInfoHandler } from './studentFeeInfo.handler';

export const reportsRouter = router({
  feeReceipts: departmentProcedure.input(ZFeeReceiptReportInput).query(feeReceiptsHandler),
  receiptLines: departmentProcedure.input(ZReceiptLinesReportInput).query(receiptLinesHandler),
  dues: departmentProcedure.input(ZDuesReportInput).query(duesHandler),
  studentFeeInfo: departmentProcedure.input(ZStudentFeeReportInput).query(studentFeeInfoHandler),
  receiptsBetweenDates: departmentProcedure.input(ZReceiptsBetweenDatesInput).query(receiptsBetweenDatesHandler),
  /** depId left out means every department: the handler lets only admins do that. */
  collections: authedProcedure.input(ZCollectionsInput).query(collectionsHandler),
  /** depId left out means every department: the handler lets only admins do that. */
  dayBook: authedProcedure.input(ZDayBookInput).query(dayBookHandler),
  statement: departmentProcedure.input(ZStudentStatementInput).query(statementHandler),
  duesAsOf: departmentProcedure.input(ZDuesAsOfInput).query(duesAsOfHandler),
  defaulters: departmentProcedure.input(ZDefaultersInput).query(defaultersHandler),
  concessions: departmentProcedure.input(ZConcessionsInput).query(concessionsHandler),
  /** depId left out means every department: the handler lets only admins do that. */
  refunds: authedProcedure.input(ZRefundsReportInput).query(refundsHandler),
});
