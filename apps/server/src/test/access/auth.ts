import { TEST_PASSWORD } from '../harness';
import type { AccessRules } from './rule';

export const authAccess: AccessRules = {
  'auth.login': { access: 'public', input: () => ({ email: 'admin@test.local', password: TEST_PASSWORD }) },
  'auth.departmentLogin': {
    access: 'public',
    input: () => ({ email: 'ug@test.local', password: TEST_PASSWORD, depId: 100 }),
  },
  'auth.logout': { access: 'public' },
  'auth.me': { access: 'authed' },
  'auth.changePassword': {
    access: 'authed',
    input: () => ({ current: TEST_PASSWORD, pwd1: 'newpass1', pwd2: 'newpass1' }),
  },
};
