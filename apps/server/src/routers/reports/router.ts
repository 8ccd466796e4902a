import { duesReport, feeReceiptReport, receiptsBetweenDatesReport, studentFeeInfoReport } from '@fees/db';
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
import { receiptLinesHandler } from './receiptLines.handler';
import { refundsHandler } from './refunds.handler';
import { statementHandler } from './statement.handler';

export const reportsRouter = router({
  feeReceipts: departmentProcedure
    .input(ZFeeReceiptReportInput)
    .query(({ ctx, input }) => feeReceiptReport(ctx.db, input)),
  receiptLines: departmentProcedure.input(ZReceiptLinesReportInput).query(receiptLinesHandler),
  /** The course's dues by batch, each student with their advance, and the advance the batches' students hold in all. */
  dues: departmentProcedure.input(ZDuesReportInput).query(({ ctx, input }) => duesReport(ctx.db, input)),
  studentFeeInfo: departmentProcedure
    .input(ZStudentFeeReportInput)
    .query(({ ctx, input }) => studentFeeInfoReport(ctx.db, input)),
  receiptsBetweenDates: departmentProcedure
    .input(ZReceiptsBetweenDatesInput)
    .query(({ ctx, input }) => receiptsBetweenDatesReport(ctx.db, input)),
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
