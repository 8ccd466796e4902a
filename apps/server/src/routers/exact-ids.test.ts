import type { AnyProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ZodError, z } from 'zod';
import { tableContents } from '@fees/db/testing';
import { accessRules } from '../test/access/rules';
import { appRouter } from './_app';
import { useFixture, useHarness } from '../test/use-harness';

/** Values that must never be read as an id, a receipt number or a count (digits as text only in a REST query string or path). */
// 2 ** 31: past PostgreSQL's integer columns (an id that large names no record, on either engine); an
// amount in paise sent as an integer (`...Paise`) may be that large.
const NOT_IDS: unknown[] = [true, '100', '0x10', '0b11', '1e1', [5], 1.5, -1, 2 ** 31];
/** Values that must never be read as an amount (1.5 rupees is a fine amount). */
const NOT_AMOUNTS: unknown[] = [true, '0x10', '0b11', '1e1', [5], -1];
/** Amounts that may be negative: an opening balance below zero is an opening advance. */
const SIGNED_AMOUNTS = new Set(['opening.update amount']);

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
};

const typesOf = (schema: JsonSchema): string[] => [
  ...(Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []),
  ...(schema.anyOf ?? []).flatMap(typesOf),
];

/** An id or count is an integer in the input JSON schema; an amount is a number or a string (and nothing else). */
function kindOf(schema: JsonSchema): 'id' | 'amount' | null {
  const types = typesOf(schema);
  if (types.includes('integer')) return 'id';
  if (types.includes('number') && types.includes('string') && !types.includes('boolean')) return 'amount';
  return null;
}

/** The id and amount fields of a procedure's input, top level and inside arrays of objects ('items.0.feeHeadId'). */
function numericFields(procedure: AnyProcedure): Array<{ path: string[]; kind: 'id' | 'amount' }> {
  const fields: Array<{ path: string[]; kind: 'id' | 'amount' }> = [];
  for (const parser of procedure._def.inputs as unknown[]) {
    if (!(parser instanceof z.ZodType)) continue;
    let schema = z.toJSONSchema(parser, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    if (!schema.properties) schema = schema.anyOf?.find((member) => member.properties) ?? schema;
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const kind = kindOf(property);
      if (kind) fields.push({ path: [name], kind });
      for (const [inner, itemProperty] of Object.entries(property.items?.properties ?? {})) {
        const innerKind = kindOf(itemProperty);
        if (innerKind) fields.push({ path: [name, '0', inner], kind: innerKind });
      }
    }
  }
  return fields;
}

function withValue(input: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone((input ?? {}) as Record<string, unknown>);
  let node: Record<string, unknown> = copy;
  path.slice(0, -1).forEach((key, index) => {
    node[key] ??= /^\d+$/.test(path[index + 1] as string) ? [{}] : {};
    node = node[key] as Record<string, unknown>;
  });
  node[path.at(-1) as string] = value;
  return copy;
}

const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
const cases = Object.keys(procedures)
  .sort()
  .flatMap((path) =>
    numericFields(procedures[path] as AnyProcedure).flatMap(({ path: field, kind }) =>
      (kind === 'id' ? NOT_IDS : NOT_AMOUNTS)
        .filter((value) => !(value === -1 && SIGNED_AMOUNTS.has(`${path} ${field.join('.')}`)))
        .filter((value) => !(value === 2 ** 31 && field.at(-1)!.endsWith('Paise')))
        .map((value) => ({ procedure: path, field: field.join('.'), fieldPath: field, value })),
    ),
  );

describe('ids, numbers and amounts are exact on every procedure', () => {
  const harness = useHarness(beforeAll);
  const fixture = useFixture(harness, beforeAll);
  const snapshot = () => tableContents(harness.db);

  it('finds the id fields of the procedures the attack used, and many more', () => {
    const fields = new Set(cases.map((c) => `${c.procedure} ${c.field}`));
    for (const expected of [
      'receipts.void number',
      'discounts.remove id',
      'receipts.create items.0.feeHeadId',
      'receipts.create items.0.amount',
      'reports.feeReceipts limit',
    ])
      expect(fields).toContain(expected);
    expect(new Set(cases.map((c) => c.procedure)).size).toBeGreaterThan(40);
  });

  it.each(cases)(
    '$procedure $field = $value is a 400 naming the field, and nothing is written',
    async ({ procedure, field, fieldPath, value }) => {
      const input = withValue(accessRules[procedure]?.input?.(fixture, harness), fieldPath, value);
      const before = await snapshot();
      // biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
      const call = procedure.split('.').reduce<any>((node, key) => node[key], harness.caller('admin'));
      const error = await call(input).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TRPCError);
      expect((error as TRPCError).code).toBe('BAD_REQUEST');
      const issues = ((error as TRPCError).cause as ZodError).issues;
      expect(issues.map((issue) => issue.path.join('.'))).toContain(field);
      expect(await snapshot()).toBe(before);
    },
  );
});
