import type { AccessRules } from '../access';

export const batchesAccess: AccessRules = {};
