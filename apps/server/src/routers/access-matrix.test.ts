import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { describe, expect, it } from 'vitest';
import { buildFixture } from '../test/fixture';
import { createHarness, type Who } from '../test/harness';
import type { Access } from '../trpc';
import { accessRules } from '../test/access/rules';
import { appRouter } from './_app';

const procedurePaths = Object.keys(appRouter._def.procedures).sort();

/** A failure that is no decision about access (a 5xx, or an error that is not a TRPCError) is reported as itself. */
type Outcome = 'allowed' | 401 | 403 | `failed: ${string}`;

const EXPECTED: Record<Access, Record<Who, Outcome>> = {
  public: { anonymous: 'allowed', pgStaff: 'allowed', ugStaff: 'allowed', admin: 'allowed' },
  authed: { anonymous: 401, pgStaff: 'allowed', ugStaff: 'allowed', admin: 'allowed' },
  department: { anonymous: 401, pgStaff: 403, ugStaff: 'allowed', admin: 'allowed' },
  admin: { anonymous: 401, pgStaff: 403, ugStaff: 403, admin: 'allowed' },
};

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

describe('authorization matrix', () => {
  it('has a rule for every procedure, and no rule for a procedure that does not exist', () => {
    expect(procedurePaths.filter((p) => !accessRules[p])).toEqual([]);
    expect(Object.keys(accessRules).filter((p) => !procedurePaths.includes(p))).toEqual([]);
  });

  describe.each(procedurePaths)('%s', (path) => {
    const rule = accessRules[path];
    it.each(['anonymous', 'pgStaff', 'ugStaff', 'admin'] as const)('as %s', async (who) => {
      if (!rule) throw new Error(`no access rule for ${path}`);
      // A fresh database each time: a mutation allowed for one caller must not change the next case.
      const harness = await createHarness();
      const fixture = await buildFixture(harness.db);
      const input = rule.input?.(fixture, harness);
      // biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
      const procedure = path.split('.').reduce<any>((node, key) => node[key], harness.caller(who));
      expect(await outcomeOf(() => procedure(input))).toBe(EXPECTED[rule.access][who]);
    });
  });
});
