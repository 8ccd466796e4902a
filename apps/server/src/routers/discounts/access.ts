import type { AccessRules } from '../access';

export const discountsAccess: AccessRules = {};
