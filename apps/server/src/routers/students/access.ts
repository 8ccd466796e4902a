import type { AccessRules } from '../access';

export const studentsAccess: AccessRules = {};
