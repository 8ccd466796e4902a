import { sql } from 'drizzle-orm';
import { row as one } from '@fees/db';
import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import type { Fixture } from '../test/fixture';
import { accessRules } from '../test/access/rules';
import { useFixture, useHarness } from '../test/use-harness';

interface Kind {
  kind: string;
  procedure: string;
  table: string;
  /** The row's key column and the fixture's id of it. */
  key: (fx: Fixture) => [string, number];
  /** The column an edit changes, and the two values two clerks type. */
  column: string;
  edit: (value: string) => Record<string, unknown>;
  values: [string, string];
}

const KINDS: Kind[] = [
  {
    kind: 'receipt',
    procedure: 'receipts.update',
    table: 'receipts',
    key: (fx) => ['number', fx.ug.receiptNumber],
    column: 'phone',
    edit: (phone) => ({ phone }),
    values: ['9847011111', '9847022222'],
  },
  {
    kind: 'student',
    procedure: 'students.update',
    table: 'students',
    key: (fx) => ['id', fx.ug.studentId],
    column: 'name',
    edit: (name) => ({ name }),
    values: ['Anjali M', 'Anjali Menon K'],
  },
  {
    kind: 'discount',
    procedure: 'discounts.update',
    table: 'discounts',
    key: (fx) => ['id', fx.ug.discountId],
    column: 'note',
    edit: (note) => ({ note }),
    values: ['Merit, first term', 'Sports quota'],
  },
  {
    kind: 'fee structure',
    procedure: 'fees.structures.update',
    table: 'fee_structures',
    key: (fx) => ['id', fx.ug.feeStructureIds[1] as number],
    column: 'end_date',
    edit: (endDate) => ({ endDate }),
    values: ['2026-03-30', '2026-02-28'],
  },
  {
    kind: 'batch',
    procedure: 'batches.update',
    table: 'batches',
    key: (fx) => ['id', fx.ug.batchId],
    column: 'name',
    edit: (name) => ({ name }),
    values: ['2025-28', '2025 to 2028'],
  },
];

const harness = useHarness();
const fixture = useFixture(harness);

// biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
const procedureOf = (path: string): ((input: unknown) => Promise<any>) =>
  // biome-ignore lint/suspicious/noExplicitAny: walking the caller by a dotted path
  path.split('.').reduce<any>((node, key) => node[key], harness.caller('admin'));

async function refusal(call: Promise<unknown>): Promise<TRPCError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** HH:mm of a stored UTC timestamp in the process time zone (Asia/Kolkata in the app). */
const hhmm = (iso: string) => {
  const d = new Date(iso);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe.each(KINDS)('two clerks editing one $kind', ({ kind, procedure, table, key, column, edit, values }) => {
  const row = async () => {
    const [keyColumn, id] = key(fixture);
    return (await one<{ value: string; version: number; updatedAt: string }>(
      harness.db,
      sql`SELECT ${sql.raw(column)} AS value, version, updated_at AS "updatedAt" FROM ${sql.raw(table)} WHERE ${sql.raw(keyColumn)} = ${id}`,
    ))!;
  };
  const input = (value: string, version?: number) => ({
    ...(accessRules[procedure]?.input?.(fixture, harness) as object),
    ...edit(value),
    version,
  });
  const audits = () => one(harness.db, sql`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'update'`);

  it('from one loaded version: the first is saved, the second is a 409 naming the time of the first, and the first stays', async () => {
    const loaded = (await row()).version;
    await procedureOf(procedure)(input(values[0], loaded));
    const saved = await row();
    expect(saved).toMatchObject({ value: values[0], version: loaded + 1 });
    const auditsBefore = await audits();

    const error = await refusal(procedureOf(procedure)(input(values[1], loaded)));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      `This ${kind} was changed by someone else at ${hhmm(saved.updatedAt)}; reload it to see the change`,
    );
    expect(await row()).toEqual(saved);
    expect(await audits()).toEqual(auditsBefore);
  });

  it('without a version (the legacy REST paths) the last write wins', async () => {
    await procedureOf(procedure)(input(values[0]));
    await procedureOf(procedure)(input(values[1]));
    expect(await row()).toMatchObject({ value: values[1], version: 3 });
  });
});

describe('void against edit of one receipt', () => {
  const receipt = async () =>
    (await one<{ status: string; phone: string; version: number; updatedAt: string }>(
      harness.db,
      sql`SELECT status, phone, version, updated_at AS "updatedAt" FROM receipts WHERE number = ${fixture.ug.receiptNumber}`,
    ))!;
  const edit = (version: number) => ({
    ...(accessRules['receipts.update']?.input?.(fixture, harness) as object),
    phone: '9847033333',
    version,
  });

  it('an edit first: the void from the same loaded version is a 409 and the receipt stays live with the edit', async () => {
    const caller = harness.caller('admin');
    await caller.receipts.update(edit(1) as never);
    const edited = await receipt();
    const error = await refusal(
      caller.receipts.void({ number: fixture.ug.receiptNumber, reason: 'Wrong entry', version: 1 }),
    );
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      `This receipt was changed by someone else at ${hhmm(edited.updatedAt)}; reload it to see the change`,
    );
    expect(await receipt()).toEqual({ ...edited, status: 'live', phone: '9847033333' });
  });

  it('a void first: the edit from the same loaded version is a 409 and the receipt stays voided as it was', async () => {
    const caller = harness.caller('admin');
    await caller.receipts.void({ number: fixture.ug.receiptNumber, reason: 'Wrong entry', version: 1 });
    const voided = await receipt();
    expect(voided).toMatchObject({ status: 'voided', version: 2 });
    const error = await refusal(caller.receipts.update(edit(1) as never));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toBe(
      `This receipt was changed by someone else at ${hhmm(voided.updatedAt)}; reload it to see the change`,
    );
    expect(await receipt()).toEqual(voided);
  });

  it('the version the screen shows comes with the receipt', async () => {
    const shown = await harness.caller('admin').receipts.byNumber({ number: fixture.ug.receiptNumber });
    expect(shown.receipt.version).toBe(1);
  });
});
