import {
  ZBooksExportInput,
  ZBooksLedgerInput,
  ZBooksLogInput,
  ZLedgerMappingInput,
  ZSaveLedgerMappingInput,
} from '@fees/validation';
import {
  booksExports,
  booksLedger,
  booksPreview,
  booksTallyXml,
  exportBooks,
  ledgerMapping,
  saveMapping,
  sendBooksToTally,
} from '../../domain/books/service';
import { adminProcedure, departmentProcedure, departmentReadProcedure, router } from '../../trpc';

export const booksRouter = router({
  ledger: departmentReadProcedure.input(ZBooksLedgerInput).query(({ ctx, input }) => booksLedger(ctx, input)),
  tallyXml: departmentReadProcedure.input(ZBooksLedgerInput).query(({ ctx, input }) => booksTallyXml(ctx, input)),
  preview: departmentReadProcedure.input(ZBooksExportInput).query(({ ctx, input }) => booksPreview(ctx, input)),
  export: departmentProcedure.input(ZBooksExportInput).mutation(({ ctx, input }) => exportBooks(ctx, input)),
  sendToTally: departmentProcedure.input(ZBooksExportInput).mutation(({ ctx, input }) => sendBooksToTally(ctx, input)),
  exports: departmentReadProcedure.input(ZBooksLogInput).query(({ ctx, input }) => booksExports(ctx, input)),
  mapping: departmentReadProcedure.input(ZLedgerMappingInput).query(({ ctx, input }) => ledgerMapping(ctx, input)),
  saveMapping: adminProcedure.input(ZSaveLedgerMappingInput).mutation(({ ctx, input }) => saveMapping(ctx, input)),
});
