import { ZReceiptNumberInput, ZStudentStatementInput } from '@fees/validation';
import { receiptChatLinks, statementChatLinks } from '../../domain/messages/click-to-chat';
import { authedProcedure, departmentProcedure, router } from '../../trpc';

export const messagesRouter = router({
  receiptChat: authedProcedure.input(ZReceiptNumberInput).query(({ ctx, input }) => receiptChatLinks(ctx, input)),
  statementChat: departmentProcedure
    .input(ZStudentStatementInput)
    .query(({ ctx, input }) => statementChatLinks(ctx, input)),
});
