import type { AccessRules } from '../access';

export const reportsAccess: AccessRules = {};
