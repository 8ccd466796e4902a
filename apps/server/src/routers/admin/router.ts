import {
  ZChangePasswordInput,
  ZCreateAdminInput,
  ZCreateUserInput,
  ZRemoveAccountInput,
  ZUpdateSettingsInput,
} from '@fees/validation';
import { listAdmins } from '@fees/db';
import { changePassword, removeAccount } from '../../domain/admin/accounts';
import { adminProcedure, router } from '../../trpc';
import { adminsCreateHandler } from './admins.create.handler';
import { backupsListHandler } from './backups.list.handler';
import { dashboardHandler } from './dashboard.handler';
import { settingsGetHandler } from './settings.get.handler';
import { settingsUpdateHandler } from './settings.update.handler';
import { usersCreateHandler } from './users.create.handler';
import { usersListHandler } from './users.list.handler';

export const adminRouter = router({
  dashboard: adminProcedure.query(dashboardHandler),
  admins: router({
    /** The spec's admin list: id and username (the email). */
    list: adminProcedure.query(({ ctx }) => listAdmins(ctx.db)),
    create: adminProcedure.input(ZCreateAdminInput).mutation(adminsCreateHandler),
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
    list: adminProcedure.query(usersListHandler),
    create: adminProcedure.input(ZCreateUserInput).mutation(usersCreateHandler),
    changePassword: adminProcedure
      .input(ZChangePasswordInput)
      .mutation(({ ctx, input }) =>
        changePassword(ctx, { userId: input.userId, email: input.email, password: input.pwd1 }, 'all'),
      ),
    remove: adminProcedure.input(ZRemoveAccountInput).mutation(({ ctx, input }) => removeAccount(ctx, input.id, 'all')),
  }),
  backups: router({
    list: adminProcedure.query(backupsListHandler),
  }),
  settings: router({
    get: adminProcedure.query(settingsGetHandler),
    update: adminProcedure.input(ZUpdateSettingsInput).mutation(settingsUpdateHandler),
  }),
});
