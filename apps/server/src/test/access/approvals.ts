import { NO_APPROVALS } from '@fees/validation';
import type { AccessRules } from './rule';

export const approvalsAccess: AccessRules = {
  'approvals.list': { access: 'read', input: (fx) => ({ depId: fx.ug.depId, status: 'pending' }) },
  // Each caller reads the departments it serves.
  'approvals.pending': { access: 'read', anyDepartment: true },
  // A request names its department: the write capability reaches the handler, which checks it.
  'approvals.approve': { access: 'write', input: () => ({ id: 1 }), anyDepartment: true },
  'approvals.reject': { access: 'write', input: () => ({ id: 1, reason: 'Not needed' }), anyDepartment: true },
  'approvals.settings.get': { access: 'admin' },
  'approvals.settings.update': { access: 'admin', input: () => NO_APPROVALS },
};
