import type { AccessRules } from './rule';

export const referenceAccess: AccessRules = {
  'reference.departments': { access: 'public' },
  'reference.courses': { access: 'authed', input: () => ({ depId: 100 }) },
  'reference.categories': { access: 'authed' },
  'reference.religions': { access: 'authed' },
  'reference.feeHeads': { access: 'authed' },
};
