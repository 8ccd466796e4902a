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
import { adminProcedure, departmentProcedure, router } from '../../trpc';

export const booksRouter = router({
  ledger: departmentProcedure.input(ZBooksLedgerInput).query(({ ctx, input }) => booksLedger(ctx, input)),
  tallyXml: departmentProcedure.input(ZBooksLedgerInput).query(({ ctx, input }) => booksTallyXml(ctx, input)),
  preview: departmentProcedure.input(ZBooksExportInput).query(({ ctx, input }) => booksPreview(ctx, input)),
  export: departmentProcedure.input(ZBooksExportInput).mutation(({ ctx, input }) => exportBooks(ctx, input)),
  sendToTally: departmentProcedure.input(ZBooksExportInput).mutation(({ ctx, input }) => sendBooksToTally(ctx, input)),
  exports: departmentProcedure.input(ZBooksLogInput).query(({ ctx, input }) => booksExports(ctx, input)),
  mapping: departmentProcedure.input(ZLedgerMappingInput).query(({ ctx, input }) => ledgerMapping(ctx, input)),
  saveMapping: adminProcedure.input(ZSaveLedgerMappingInput).mutation(({ ctx, input }) => saveMapping(ctx, input)),
});
