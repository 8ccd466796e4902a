import type { AccessRules } from '../access';

export const feesAccess: AccessRules = {};
