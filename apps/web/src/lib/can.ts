import type { Capability } from '@fees/validation';
import { storedCapabilities } from './session-storage';

/**
 * Whether the signed-in account may use a control: the one question menus, buttons and routes ask
 * (never a role's name). The sign-in answered the capabilities; the server checks every call anyway.
 */
export function can(capability: Capability): boolean {
  return storedCapabilities().includes(capability);
}
