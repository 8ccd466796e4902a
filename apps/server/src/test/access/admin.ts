import { TEST_PASSWORD } from '../harness';
import type { AccessRules } from './rule';

const newPassword = { pwd1: 'newpass1', pwd2: 'newpass1', chk1: true };

export const adminAccess: AccessRules = {
  'admin.dashboard': { access: 'admin' },
  'admin.defaultersSummary': { access: 'admin' },
  'admin.admins.list': { access: 'admin' },
  'admin.admins.create': {
    access: 'admin',
    input: () => ({ email: 'second@test.local', pwd1: TEST_PASSWORD, pwd2: TEST_PASSWORD, chk1: true }),
  },
  'admin.admins.changePassword': {
    access: 'admin',
    input: (_fx, h) => ({ userId: h.sessions.admin.userId, email: h.sessions.admin.email, ...newPassword }),
  },
  'admin.admins.remove': { access: 'admin', input: (_fx, h) => ({ id: h.sessions.admin.userId }) },
  'admin.users.list': { access: 'admin' },
  'admin.users.create': {
    access: 'admin',
    input: () => ({
      options: 'user',
      depId: 100,
      email: 'clerk@test.local',
      pwd1: TEST_PASSWORD,
      pwd2: TEST_PASSWORD,
      chk1: true,
    }),
  },
  'admin.users.changePassword': {
    access: 'admin',
    input: (_fx, h) => ({ userId: h.sessions.ugStaff.userId, email: h.sessions.ugStaff.email, ...newPassword }),
  },
  'admin.users.remove': { access: 'admin', input: (_fx, h) => ({ id: h.sessions.ugStaff.userId }) },
  'admin.users.createAccount': {
    access: 'admin',
    input: () => ({
      email: 'cashier2@test.local',
      password: TEST_PASSWORD,
      name: 'Ravi',
      role: 'cashier',
      depIds: [100],
    }),
  },
  'admin.users.update': {
    access: 'admin',
    input: (_fx, h) => ({ id: h.sessions.viewer.userId, name: 'Principal', role: 'viewer', depIds: [100, 101] }),
  },
  'admin.users.setDisabled': { access: 'admin', input: (_fx, h) => ({ id: h.sessions.viewer.userId, disabled: true }) },
  'admin.users.resetPassword': {
    access: 'admin',
    input: (_fx, h) => ({ id: h.sessions.ugStaff.userId, password: 'newpass1' }),
  },
  'admin.settings.get': { access: 'admin' },
  'admin.backups.list': { access: 'admin' },
  'admin.settings.update': { access: 'admin', input: () => ({ gstRate: '18' }) },
};
