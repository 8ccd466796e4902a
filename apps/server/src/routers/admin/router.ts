import {
  ZChangePasswordInput,
  ZCreateAdminInput,
  ZCreateUserInput,
  ZRemoveAccountInput,
  ZUpdateSettingsInput,
} from '@fees/validation';
import { adminProcedure, router } from '../../trpc';
import { adminsChangePasswordHandler } from './admins.changePassword.handler';
import { adminsCreateHandler } from './admins.create.handler';
import { adminsListHandler } from './admins.list.handler';
import { adminsRemoveHandler } from './admins.remove.handler';
import { backupsListHandler } from './backups.list.handler';
import { dashboardHandler } from './dashboard.handler';
import { settingsGetHandler } from './settings.get.handler';
import { settingsUpdateHandler } from './settings.update.handler';
import { usersChangePasswordHandler } from './users.changePassword.handler';
import { usersCreateHandler } from './users.create.handler';
import { usersListHandler } from './users.list.handler';
import { usersRemoveHandler } from './users.remove.handler';

export const adminRouter = router({
  dashboard: adminProcedure.query(dashboardHandler),
  admins: router({
    list: adminProcedure.query(adminsListHandler),
    create: adminProcedure.input(ZCreateAdminInput).mutation(adminsCreateHandler),
    changePassword: adminProcedure.input(ZChangePasswordInput).mutation(adminsChangePasswordHandler),
    remove: adminProcedure.input(ZRemoveAccountInput).mutation(adminsRemoveHandler),
  }),
  users: router({
    list: adminProcedure.query(usersListHandler),
    create: adminProcedure.input(ZCreateUserInput).mutation(usersCreateHandler),
    changePassword: adminProcedure.input(ZChangePasswordInput).mutation(usersChangePasswordHandler),
    remove: adminProcedure.input(ZRemoveAccountInput).mutation(usersRemoveHandler),
  }),
  backups: router({
    list: adminProcedure.query(backupsListHandler),
  }),
  settings: router({
    get: adminProcedure.query(settingsGetHandler),
    update: adminProcedure.input(ZUpdateSettingsInput).mutation(settingsUpdateHandler),
  }),
});
