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
import { collections } from '../../domain/reports/collections';
import { concessions } from '../../domain/reports/concessions';
import { dayBookOf } from '../../domain/reports/dayBook';
import { defaulters } from '../../domain/reports/defaulters';
import { duesAsOf } from '../../domain/reports/duesAsOf';
import { receiptLines } from '../../domain/reports/receiptLines';
import { refundsReportOf } from '../../domain/reports/refunds';
import { statementOfStudent } from '../../domain/reports/statement';
import { departmentLookupProcedure, departmentReadProcedure, lookupProcedure, readProcedure, router } from '../../trpc';

export const reportsRouter = router({
  feeReceipts: departmentReadProcedure
    .input(ZFeeReceiptReportInput)
    .query(({ ctx, input }) => feeReceiptReport(ctx.db, input)),
  receiptLines: departmentReadProcedure
    .input(ZReceiptLinesReportInput)
    .query(({ ctx, input }) => receiptLines(ctx, input)),
  /** The course's dues by batch, each student with their advance, and the advance the batches' students hold in all. */
  dues: departmentReadProcedure.input(ZDuesReportInput).query(({ ctx, input }) => duesReport(ctx.db, input)),
  studentFeeInfo: departmentLookupProcedure
    .input(ZStudentFeeReportInput)
    .query(({ ctx, input }) => studentFeeInfoReport(ctx.db, input)),
  receiptsBetweenDates: departmentReadProcedure
    .input(ZReceiptsBetweenDatesInput)
    .query(({ ctx, input }) => receiptsBetweenDatesReport(ctx.db, input)),
  /** depId left out means every department: the handler lets only admins do that. */
  collections: readProcedure.input(ZCollectionsInput).query(({ ctx, input }) => collections(ctx, input)),
  /** depId left out means every department: the handler lets only admins do that. */
  dayBook: lookupProcedure.input(ZDayBookInput).query(({ ctx, input }) => dayBookOf(ctx, input)),
  statement: departmentReadProcedure
    .input(ZStudentStatementInput)
    .query(({ ctx, input }) => statementOfStudent(ctx, input)),
  duesAsOf: departmentReadProcedure.input(ZDuesAsOfInput).query(({ ctx, input }) => duesAsOf(ctx, input)),
  defaulters: departmentReadProcedure.input(ZDefaultersInput).query(({ ctx, input }) => defaulters(ctx, input)),
  concessions: departmentReadProcedure.input(ZConcessionsInput).query(({ ctx, input }) => concessions(ctx, input)),
  /** depId left out means every department: the handler lets only admins do that. */
  refunds: readProcedure.input(ZRefundsReportInput).query(({ ctx, input }) => refundsReportOf(ctx, input)),
});
