import type { AccessRules } from '../access';

export const adminAccess: AccessRules = {};
