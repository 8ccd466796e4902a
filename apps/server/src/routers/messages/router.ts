import { ZListMessagesInput, ZSendNoticeInput } from '@fees/validation';
import { listDepartmentMessages } from '../../domain/messages/list';
import { sendNotice } from '../../domain/messages/sendNotice';
import { departmentProcedure, router } from '../../trpc';

export const messagesRouter = router({
  list: departmentProcedure.input(ZListMessagesInput).query(({ ctx, input }) => listDepartmentMessages(ctx, input)),
  sendNotice: departmentProcedure.input(ZSendNoticeInput).mutation(({ ctx, input }) => sendNotice(ctx, input)),
});
