import { ZContactImportInput, ZListMessagesInput, ZSendNoticeInput } from '@fees/validation';
import { commitContactImport, previewContactImport } from '../../domain/messages/contactsImport';
import { listDepartmentMessages } from '../../domain/messages/list';
import { sendNotice } from '../../domain/messages/sendNotice';
import { departmentProcedure, router } from '../../trpc';

export const messagesRouter = router({
  list: departmentProcedure.input(ZListMessagesInput).query(({ ctx, input }) => listDepartmentMessages(ctx, input)),
  sendNotice: departmentProcedure.input(ZSendNoticeInput).mutation(({ ctx, input }) => sendNotice(ctx, input)),
  contactsImportPreview: departmentProcedure
    .input(ZContactImportInput)
    .mutation(({ ctx, input }) => previewContactImport(ctx, input)),
  contactsImportCommit: departmentProcedure
    .input(ZContactImportInput)
    .mutation(({ ctx, input }) => commitContactImport(ctx, input)),
});
