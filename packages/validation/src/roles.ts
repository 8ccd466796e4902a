/**
 * Who may do what: each role is a set of capabilities, and every procedure's base procedure names the
 * one capability it needs. The server decides with these (apps/server/src/trpc.ts); the web app reads
 * the same table to show each role only the controls it may use.
 */
export const ROLES = ['admin', 'accountant', 'cashier', 'viewer', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/**
 * lookup: find a student, a student's fees, a receipt or refund by its number.
 * collect: take a receipt (cash, cheque, ...), print a duplicate, correct one's own receipt on its day.
 * read: a department's screens, lists and reports.
 * write: everything in money and records of a department (edits, voids, refunds, cheques cleared).
 * discount: a department's discounts and adjustments, given, changed and removed (the concessions of its students).
 * audit: the audit log.
 * admin: settings, accounts, fee structures, concession schemes: the foundation's setup.
 */
export const CAPABILITIES = ['lookup', 'collect', 'read', 'write', 'discount', 'audit', 'admin'] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  admin: CAPABILITIES,
  accountant: ['lookup', 'collect', 'read', 'write', 'discount', 'audit'],
  cashier: ['lookup', 'collect'],
  viewer: ['lookup', 'read'],
  auditor: ['lookup', 'read', 'audit'],
};

/** Roles that act for every department; the others act for the departments they serve. */
const EVERY_DEPARTMENT: readonly Role[] = ['admin', 'auditor'];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrator',
  accountant: 'Accountant',
  cashier: 'Cashier',
  viewer: 'Viewer',
  auditor: 'Auditor',
};

export function capabilitiesOf(role: Role): Capability[] {
  return [...ROLE_CAPABILITIES[role]];
}

export function roleCan(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

export function servesEveryDepartment(role: Role): boolean {
  return EVERY_DEPARTMENT.includes(role);
}

/** The legacy wire's role: 'admin' for an admin, 'user' for every department account. */
export function legacyRoleOf(role: Role): 'admin' | 'user' {
  return role === 'admin' ? 'admin' : 'user';
}
