import type { AccessRules } from '../access';

export const receiptsAccess: AccessRules = {};
