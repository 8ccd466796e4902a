/**
 * Who may call each procedure. Every procedure of appRouter must have a row here (the access
 * matrix test fails otherwise); each domain keeps its rows in its own file of this folder.
 * 'department' rows get an input bound to UG (100): UG staff and admins pass, PG staff get 403.
 */
import type { Access } from '../../trpc';
import type { Fixture } from '../fixture';
import type { Harness } from '../harness';

export interface AccessRule {
  access: Access;
  /** An input the procedure accepts, bound to UG data where it names a department. */
  input?: (fx: Fixture, h: Harness) => unknown;
}

export type AccessRules = Record<string, AccessRule>;
