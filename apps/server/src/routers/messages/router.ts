import {
  ZContactImportInput,
  ZReceiptNumberInput,
  ZStudentStatementInput,
  ZListMessagesInput,
  ZSendNoticeInput,
  ZOutboxInput,
  ZMessageInput,
  ZPreviewTemplateInput,
  ZReminderRulesInput,
  ZReminderRunInput,
  ZResetTemplateInput,
  ZSaveReminderRulesInput,
  ZSaveTemplateInput,
  ZSendReceiptAgainInput,
  ZTemplatesInput,
  ZUpdateMessageSettingsInput,
} from '@fees/validation';
import { channelNames } from '../../domain/messages/channels';
import { receiptChatLinks, statementChatLinks } from '../../domain/messages/click-to-chat';
import {
  cancelMessage,
  listOutbox,
  messageById,
  retryMessage,
  sendReceiptAgain,
} from '../../domain/messages/outbox-screen';
import { previewReminderRun, queueReminderRun, reminderRules, saveRules } from '../../domain/messages/reminders';
import {
  changeMessageSettings,
  messageSettings,
  previewTemplate,
  resetDepartmentTemplate,
  saveDepartmentTemplate,
  templatesOf,
} from '../../domain/messages/settings';
import {
  adminProcedure,
  departmentCollectProcedure,
  departmentProcedure,
  departmentReadProcedure,
  lookupProcedure,
  router,
} from '../../trpc';

import { commitContactImport, previewContactImport } from '../../domain/messages/contactsImport';
import { listDepartmentMessages } from '../../domain/messages/list';
import { sendNotice } from '../../domain/messages/sendNotice';

export const messagesRouter = router({
  list: departmentReadProcedure.input(ZListMessagesInput).query(({ ctx, input }) => listDepartmentMessages(ctx, input)),
  sendNotice: departmentProcedure.input(ZSendNoticeInput).mutation(({ ctx, input }) => sendNotice(ctx, input)),
  contactsImportPreview: departmentProcedure
    .input(ZContactImportInput)
    .mutation(({ ctx, input }) => previewContactImport(ctx, input)),
  contactsImportCommit: departmentProcedure
    .input(ZContactImportInput)
    .mutation(({ ctx, input }) => commitContactImport(ctx, input)),
  outbox: departmentReadProcedure.input(ZOutboxInput).query(({ ctx, input }) => listOutbox(ctx, input)),
  byId: departmentReadProcedure.input(ZMessageInput).query(({ ctx, input }) => messageById(ctx, input)),
  retry: departmentProcedure.input(ZMessageInput).mutation(({ ctx, input }) => retryMessage(ctx, input)),
  cancel: departmentProcedure.input(ZMessageInput).mutation(({ ctx, input }) => cancelMessage(ctx, input)),
  sendReceiptAgain: departmentCollectProcedure
    .input(ZSendReceiptAgainInput)
    .mutation(({ ctx, input }) => sendReceiptAgain(ctx, input)),
  templates: departmentReadProcedure.input(ZTemplatesInput).query(({ ctx, input }) => templatesOf(ctx, input)),
  saveTemplate: departmentProcedure
    .input(ZSaveTemplateInput)
    .mutation(({ ctx, input }) => saveDepartmentTemplate(ctx, input)),
  resetTemplate: departmentProcedure
    .input(ZResetTemplateInput)
    .mutation(({ ctx, input }) => resetDepartmentTemplate(ctx, input)),
  previewTemplate: departmentReadProcedure
    .input(ZPreviewTemplateInput)
    .query(({ ctx, input }) => previewTemplate(ctx, input)),
  settings: adminProcedure.query(({ ctx }) => messageSettings(ctx.db)),
  updateSettings: adminProcedure
    .input(ZUpdateMessageSettingsInput)
    .mutation(({ ctx, input }) => changeMessageSettings(ctx.db, input)),
  reminders: router({
    rules: departmentReadProcedure.input(ZReminderRulesInput).query(({ ctx, input }) => reminderRules(ctx, input)),
    saveRules: adminProcedure.input(ZSaveReminderRulesInput).mutation(({ ctx, input }) => saveRules(ctx, input)),
    preview: departmentReadProcedure
      .input(ZReminderRunInput)
      .query(({ ctx, input }) => previewReminderRun(ctx, input, channelNames())),
    queue: departmentProcedure
      .input(ZReminderRunInput)
      .mutation(({ ctx, input }) => queueReminderRun(ctx, input, channelNames())),
  }),
  receiptChat: lookupProcedure.input(ZReceiptNumberInput).query(({ ctx, input }) => receiptChatLinks(ctx, input)),
  statementChat: departmentReadProcedure
    .input(ZStudentStatementInput)
    .query(({ ctx, input }) => statementChatLinks(ctx, input)),
});
