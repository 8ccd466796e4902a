import { type Role, roleCan, servesEveryDepartment } from '@fees/validation';
import { type AnyProcedure, TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../test/fixture';
import { createHarness, type Harness, type Who } from '../test/harness';
import type { AccessRule } from '../test/access/rule';
import { accessRules } from '../test/access/rules';
import { appRouter } from './_app';

// The flat table of procedures by dotted path (its static type is the nested router's).
const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const procedurePaths = Object.keys(procedures).sort();

/** A failure that is no decision about access (a 5xx, or an error that is not a TRPCError) is reported as itself. */
type Outcome = 'allowed' | 401 | 403 | `failed: ${string}`;

const CALLERS = ['anonymous', 'admin', 'ugStaff', 'pgStaff', 'cashier', 'viewer', 'auditor'] as const satisfies Who[];

/** The harness's accounts: every one but pgStaff serves UG, whose data the rules' inputs name. */
const ROLE_OF: Record<Exclude<Who, 'anonymous'>, Role> = {
  admin: 'admin',
  ugStaff: 'accountant',
  pgStaff: 'accountant',
  cashier: 'cashier',
  viewer: 'viewer',
  auditor: 'auditor',
};

function expected(rule: AccessRule, who: Who): Outcome {
  if (rule.access === 'public') return 'allowed';
  if (who === 'anonymous') return 401;
  if (rule.access === 'authed') return 'allowed';
  const role = ROLE_OF[who];
  if (!roleCan(role, rule.access)) return 403;
  if (rule.refusedByRule?.some((refused) => refused === who)) return 403;
  if (rule.anyDepartment || servesEveryDepartment(role)) return 'allowed';
  return who === 'pgStaff' ? 403 : 'allowed';
}

async function outcomeOf(call: () => Promise<unknown>): Promise<Outcome> {
  try {
    await call();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof TRPCError)) return `failed: ${String(error)}`;
    const status = getHTTPStatusCodeFromError(error);
    if (status === 401) return 401;
    if (status === 403) return 403;
    // Another refusal (bad input, not found, conflict) means the caller got past the door; a 5xx is a bug.
    if (status < 500) return 'allowed';
    return `failed: ${status} ${error.message}${error.cause ? ` (${String(error.cause)})` : ''}`;
  }
}

async function freshHarness() {
  const harness = await createHarness();
  return { harness, fixture: await buildFixture(harness.db) };
}

describe('authorization matrix', () => {
  it('has a rule for every procedure, and no rule for a procedure that does not exist', () => {
    expect(procedurePaths.filter((p) => !accessRules[p])).toEqual([]);
    expect(Object.keys(accessRules).filter((p) => !procedurePaths.includes(p))).toEqual([]);
  });

  describe.each(procedurePaths)('%s', (path) => {
    const rule = accessRules[path];
    const isQuery = procedures[path]?._def.type === 'query';
    // A query changes nothing, nor does a call refused at the door: those callers share one database. A
    // mutation allowed for one caller must not change the next case, so each of those gets a fresh one.
    let shared: ReturnType<typeof freshHarness> | undefined;
    const harnessFor = (who: Who) => {
      if (!isQuery && rule && expected(rule, who) === 'allowed') return freshHarness();
      shared ??= freshHarness();
      return shared;
    };
    it.each(CALLERS)('as %s', async (who) => {
      if (!rule) throw new Error(`no access rule for ${path}`);
      const { harness, fixture } = await harnessFor(who);
      const input = rule.input?.(fixture, harness as Harness);
      // biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
      const procedure = path.split('.').reduce<any>((node, key) => node[key], harness.caller(who));
      expect(await outcomeOf(() => procedure(input))).toBe(expected(rule, who));
    });
  });
});
