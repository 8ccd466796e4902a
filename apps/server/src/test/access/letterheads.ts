import type { AccessRules } from './rule';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const letterheadsAccess: AccessRules = {
  'letterheads.logo': { access: 'lookup', input: () => ({ depId: 100 }) },
  'letterheads.setLogo': { access: 'admin', input: () => ({ depId: 100, image: PNG }) },
  'letterheads.removeLogo': { access: 'admin', input: () => ({ depId: 100 }) },
};
