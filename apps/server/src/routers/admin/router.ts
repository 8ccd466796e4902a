import {
  ZChangePasswordInput,
  ZCreateAccountInput,
  ZCreateAdminInput,
  ZCreateUserInput,
  ZRemoveAccountInput,
  ZResetPasswordInput,
  ZSetAccountDisabledInput,
  ZUpdateAccountInput,
  ZUpdateSettingsInput,
} from '@fees/validation';
import { listAdmins } from '@fees/db';
import {
  changePassword,
  removeAccount,
  resetPassword,
  setAccountDisabled,
  updateAccount,
} from '../../domain/admin/accounts';
import { createAdmin } from '../../domain/admin/admins.create';
import { backupsListHandler } from './backups.list.handler';
import { adminDashboard } from '../../domain/admin/dashboard';
import { defaultersSummary } from '../../domain/admin/defaulters-summary';
import { getSettings } from '../../domain/admin/settings.get';
import { updateSettings } from '../../domain/admin/settings.update';
import { createUser, createUserAccount } from '../../domain/admin/users.create';
import { listUserAccounts } from '../../domain/admin/users.list';
import { adminProcedure, router } from '../../trpc';

export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => adminDashboard(ctx)),
  /** The defaulters report of every department as of today, counted: slower than the dashboard's kept figures. */
  defaultersSummary: adminProcedure.query(({ ctx }) => defaultersSummary(ctx)),
  admins: router({
    /** The spec's admin list: id and username (the email). */
    list: adminProcedure.query(({ ctx }) => listAdmins(ctx.db)),
    create: adminProcedure.input(ZCreateAdminInput).mutation(({ ctx, input }) => createAdmin(ctx, input)),
    changePassword: adminProcedure
      .input(ZChangePasswordInput)
      .mutation(({ ctx, input }) =>
        changePassword(ctx, { userId: input.userId, email: input.email, password: input.pwd1 }, 'admins'),
      ),
    remove: adminProcedure
      .input(ZRemoveAccountInput)
      .mutation(({ ctx, input }) => removeAccount(ctx, input.id, 'admins')),
  }),
  users: router({
    list: adminProcedure.query(({ ctx }) => listUserAccounts(ctx)),
    create: adminProcedure.input(ZCreateUserInput).mutation(({ ctx, input }) => createUser(ctx, input)),
    changePassword: adminProcedure
      .input(ZChangePasswordInput)
      .mutation(({ ctx, input }) =>
        changePassword(ctx, { userId: input.userId, email: input.email, password: input.pwd1 }, 'all'),
      ),
    remove: adminProcedure.input(ZRemoveAccountInput).mutation(({ ctx, input }) => removeAccount(ctx, input.id, 'all')),
    /** An account with its display name, role and departments. */
    createAccount: adminProcedure
      .input(ZCreateAccountInput)
      .mutation(({ ctx, input }) => createUserAccount(ctx, input)),
    update: adminProcedure.input(ZUpdateAccountInput).mutation(({ ctx, input }) => updateAccount(ctx, input)),
    setDisabled: adminProcedure
      .input(ZSetAccountDisabledInput)
      .mutation(({ ctx, input }) => setAccountDisabled(ctx, input)),
    /** A new password the user must replace at the next sign-in. */
    resetPassword: adminProcedure.input(ZResetPasswordInput).mutation(({ ctx, input }) => resetPassword(ctx, input)),
  }),
  backups: router({
    list: adminProcedure.query(backupsListHandler),
  }),
  settings: router({
    get: adminProcedure.query(({ ctx }) => getSettings(ctx)),
    update: adminProcedure.input(ZUpdateSettingsInput).mutation(({ ctx, input }) => updateSettings(ctx, input)),
  }),
});
