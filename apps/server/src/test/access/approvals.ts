import { NO_APPROVALS } from '@fees/validation';
import type { AccessRules } from './rule';

export const approvalsAccess: AccessRules = {
  'approvals.list': { access: 'department', input: (fx) => ({ depId: fx.ug.depId, status: 'pending' }) },
  // A request names its department: any signed-in account reaches the handler, which checks it.
  'approvals.approve': { access: 'authed', input: () => ({ id: 1 }) },
  'approvals.reject': { access: 'authed', input: () => ({ id: 1, reason: 'Not needed' }) },
  'approvals.settings.get': { access: 'admin' },
  'approvals.settings.update': { access: 'admin', input: () => NO_APPROVALS },
};
