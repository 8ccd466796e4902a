import { MSG } from '@fees/validation';
import { tableContents } from '@fees/db/testing';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { accessRules } from '../test/access/rules';
import { useFixture, useHarness } from '../test/use-harness';
import { appRouter } from './_app';

/** The path of the first string in an input, depth first (where a NUL is put). */
function firstString(input: unknown, path: Array<string | number> = []): Array<string | number> | null {
  if (typeof input === 'string') return path;
  const entries: Array<[string | number, unknown]> = Array.isArray(input)
    ? [...input.entries()]
    : input !== null && typeof input === 'object'
      ? Object.entries(input)
      : [];
  for (const [key, value] of entries) {
    const found = firstString(value, [...path, key]);
    if (found) return found;
  }
  return null;
}

function withNul(input: unknown, path: Array<string | number>): unknown {
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  node[last] = `${node[last] as string}\u0000`;
  return copy;
}

const procedures = Object.keys(appRouter._def.procedures).sort();

// PostgreSQL's text cannot hold U+0000 (its query fails), SQLite's can: either way the field is refused first.
describe('no text field holds a NUL character, on any procedure', () => {
  const harness = useHarness(beforeAll);
  const fixture = useFixture(harness, beforeAll);

  const cases = procedures.filter((path) => accessRules[path]?.input);
  it('covers the procedures that take text: sign-in, search, imports and forms', () => {
    expect(cases).toEqual(
      expect.arrayContaining(['auth.login', 'receipts.findStudents', 'students.importPreview', 'fees.heads.create']),
    );
  });

  it.each(cases)(
    '%s: a NUL in its first text field is a 400 naming the field, and nothing is written',
    async (procedure) => {
      const input = accessRules[procedure]!.input!(fixture, harness);
      const path = firstString(input);
      if (!path) return;
      const before = await tableContents(harness.db);
      // biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
      const call = procedure.split('.').reduce<any>((node, key) => node[key], harness.caller('admin'));
      const error = await call(withNul(input, path)).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      expect((error as TRPCError).cause).toBeInstanceOf(ZodError);
      expect(((error as TRPCError).cause as ZodError).issues).toEqual([
        expect.objectContaining({ path, message: MSG.nulCharacter }),
      ]);
      expect(await tableContents(harness.db)).toBe(before);
    },
  );
});
