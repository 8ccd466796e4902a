/**
 * Who may call each procedure. Every procedure of appRouter must have a row here (the access
 * matrix test fails otherwise); each domain keeps its rows in its own file of this folder.
 * access is the capability the procedure's base needs (roles.ts of @fees/validation says which roles
 * hold it). A capability row gets an input bound to UG (100): the roles holding it that serve UG,
 * admins and auditors pass, PG's accountant gets 403, unless anyDepartment says the procedure
 * answers each caller for its own departments (PG's accountant passes too).
 */
import type { Access } from '../../trpc';
import type { Fixture } from '../fixture';
import type { Harness } from '../harness';

export interface AccessRule {
  access: Access;
  /** An input the procedure accepts, bound to UG data where it names a department. */
  input?: (fx: Fixture, h: Harness) => unknown;
  anyDepartment?: true;
  /** Callers the base admits whom the procedure itself refuses for this input (a cashier, another's receipt). */
  refusedByRule?: readonly ('cashier' | 'viewer' | 'auditor')[];
}

export type AccessRules = Record<string, AccessRule>;
