import { ZAuditListInput, ZReceiptNumberInput } from '@fees/validation';
import { authedProcedure, router } from '../../trpc';
import { auditActorsHandler } from './actors.handler';
import { auditListHandler } from './list.handler';
import { receiptHistoryHandler } from './receiptHistory.handler';

export const auditRouter = router({
  list: authedProcedure.input(ZAuditListInput).query(auditListHandler),
  actors: authedProcedure.query(auditActorsHandler),
  receiptHistory: authedProcedure.input(ZReceiptNumberInput).query(receiptHistoryHandler),
});
