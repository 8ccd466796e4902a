import { createCallerFactory, router } from '../trpc';
import { adminRouter } from './admin/router';
import { approvalsRouter } from './approvals/router';
import { auditRouter } from './audit/router';
import { authRouter } from './auth/router';
import { batchesRouter } from './batches/router';
import { booksRouter } from './books/router';
import { chequesRouter } from './cheques/router';
import { reconciliationRouter } from './reconciliation/router';
import { daysRouter } from './days/router';
import { discountsRouter } from './discounts/router';
import { feesRouter } from './fees/router';
import { leavingRouter } from './leaving/router';
import { letterheadsRouter } from './letterheads/router';
import { messagesRouter } from './messages/router';
import { openingRouter } from './opening/router';
import { optionalHeadsRouter } from './optional-heads/router';
import { promotionsRouter } from './promotions/router';
import { familyRouter } from './family/router';
import { sponsorsRouter } from './sponsors/router';
import { paymentsRouter } from './payments/router';
import { settlementsRouter } from './settlements/router';
import { plansRouter } from './plans/router';
import { receiptsRouter } from './receipts/router';
import { referenceRouter } from './reference/router';
import { refundsRouter } from './refunds/router';
import { reportsRouter } from './reports/router';
import { schemesRouter } from './schemes/router';
import { studentsRouter } from './students/router';

export const appRouter = router({
  auth: authRouter,
  reference: referenceRouter,
  admin: adminRouter,
  batches: batchesRouter,
  fees: feesRouter,
  discounts: discountsRouter,
  students: studentsRouter,
  receipts: receiptsRouter,
  reports: reportsRouter,
  letterheads: letterheadsRouter,
  plans: plansRouter,
  refunds: refundsRouter,
  opening: openingRouter,
  optionalHeads: optionalHeadsRouter,
  promotions: promotionsRouter,
  leaving: leavingRouter,
  sponsors: sponsorsRouter,
  audit: auditRouter,
  schemes: schemesRouter,
  cheques: chequesRouter,
  reconciliation: reconciliationRouter,
  days: daysRouter,
  messages: messagesRouter,
  books: booksRouter,
  payments: paymentsRouter,
  family: familyRouter,
  settlements: settlementsRouter,
  approvals: approvalsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
