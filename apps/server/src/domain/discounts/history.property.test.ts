/**
 * The dated history of discounts adds up to the discounts as they are, whatever writes them: by hand (create, edit
 * moving it to another head, remove), held for approval and approved, a concession scheme joined and left, a
 * student removed. Random sequences of those through createCaller, checked after every step.
 */
import { approvalRequests, discountChanges, discountHistoryTotals, discounts, students } from '@fees/db';
import { NO_APPROVALS } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { today } from '../../config';
import { createContextInner } from '../../context';
import { createCaller } from '../../routers/_app';
import { createAccount } from '../../test/harness';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);

type Op =
  | { kind: 'create'; student: number; head: number; discount: number; adjustment: number; byStaff: boolean }
  | { kind: 'edit'; pick: number; head: number; discount: number; adjustment: number; byStaff: boolean }
  | { kind: 'remove'; pick: number }
  | { kind: 'join'; students: number[]; replace: boolean }
  | { kind: 'leave'; students: number[] }
  | { kind: 'removeStudent'; student: number }
  | { kind: 'approval' };

const rupees = fc.integer({ min: 0, max: 1_400 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('create' as const),
    student: fc.nat(3),
    head: fc.nat(1),
    discount: rupees,
    adjustment: fc.integer({ min: 0, max: 100 }),
    byStaff: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    pick: fc.nat(20),
    head: fc.nat(1),
    discount: rupees,
    adjustment: fc.integer({ min: 0, max: 100 }),
    byStaff: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(20) }),
  fc.record({
    kind: fc.constant('join' as const),
    students: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 4 }),
    replace: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('leave' as const),
    students: fc.uniqueArray(fc.nat(3), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('removeStudent' as const), student: fc.integer({ min: 1, max: 3 }) }),
);

/** Refusals (a duplicate, a student gone, a stale version) change nothing, so the sums must still agree. */
async function attempt(write: () => Promise<unknown>): Promise<unknown> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof TRPCError) return null;
    throw error;
  }
}

const key = (r: { studentId: number; feeHeadId: number }) => `${r.studentId}/${r.feeHeadId}`;

it('adds up to the discounts after each grant, edit, removal, approval, scheme join and leave', async () => {
  const admin = h.caller('admin');
  const staff = h.caller('ugStaff');
  const session = await createAccount(h.db, { email: 'checker@test.local', role: 'accountant', departmentId: 100 });
  const checker = createCaller(
    createContextInner({ db: h.db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }),
  );
  // Staff's discounts above 1,000.00 wait for a second accountant.
  await admin.approvals.settings.update({ ...NO_APPROVALS, discountAbovePaise: 1_000_00 });
  const added: number[] = [];
  for (const n of [2, 3, 4]) {
    const [row] = await h.db
      .insert(students)
      .values({
        departmentId: 100,
        courseId: 1003,
        batchId: fx.ug.batchId,
        admissionNo: `UG-00${n}`,
        capId: `CAP-UG-00${n}`,
        name: `Student ${n}`,
        admissionDate: '2025-06-10',
        dateOfBirth: '2007-01-01',
        gender: 'Male',
        categoryId: 1,
        address: 'Thrissur',
      })
      .returning();
    added.push(row!.id);
  }
  const studentIds = [fx.ug.studentId, ...added];
  const heads = [fx.heads.tuition, fx.heads.exam];
  const { id: schemeId } = await admin.schemes.create({
    name: 'RTE 25%',
    rules: [
      { kind: 'percent', feeHeadId: fx.heads.tuition, courseId: 1003, percent: '25' },
      { kind: 'fixed', feeHeadId: fx.heads.exam, courseId: 1003, batchId: fx.ug.batchId, amount: '500' },
    ],
  });
  // The fixture's discount was there before any history: the history covers what changed since.
  const baseline = new Map(
    (await h.db.select().from(discounts)).map((d) => [key(d), [d.discountPaise, d.adjustmentPaise] as const]),
  );

  async function expectHistoryAddsUp() {
    const { history, current } = await discountHistoryTotals(h.db);
    const fromHistory = new Map(history.map((r) => [key(r), [r.discountPaise, r.adjustmentPaise] as const]));
    for (const k of new Set([...fromHistory.keys(), ...current.map(key), ...baseline.keys()])) {
      const now = current.find((c) => key(c) === k);
      const was = baseline.get(k) ?? [0, 0];
      const changed = fromHistory.get(k) ?? [0, 0];
      expect([k, changed[0], changed[1]]).toEqual([
        k,
        (now?.discountPaise ?? 0) - was[0],
        (now?.adjustmentPaise ?? 0) - was[1],
      ]);
    }
  }

  async function run(op: Op) {
    const live = await h.db.select().from(discounts).orderBy(discounts.id);
    const picked = live.length > 0 ? live[('pick' in op ? op.pick : 0) % live.length] : undefined;
    const who = 'byStaff' in op && op.byStaff ? staff : admin;
    const amounts = (o: { discount: number; adjustment: number }) => ({
      discount: String(o.discount),
      adjustment: String(o.adjustment),
      note: 'Sports quota for the state team',
      confirm: true,
    });
    if (op.kind === 'create') {
      const result = await attempt(() =>
        who.discounts.create({
          depId: 100,
          courseId: 1003,
          batchId: fx.ug.batchId,
          studentId: studentIds[op.student]!,
          feeHeadId: heads[op.head]!,
          ...amounts(op),
        }),
      );
      if (result && typeof result === 'object' && 'requestId' in result)
        await attempt(() => checker.approvals.approve({ id: (result as { requestId: number }).requestId }));
    } else if (op.kind === 'edit' && picked) {
      const result = await attempt(() =>
        who.discounts.update({
          id: picked.id,
          version: picked.version,
          depId: 100,
          courseId: 1003,
          batchId: fx.ug.batchId,
          studentId: picked.studentId,
          feeHeadId: heads[op.head]!,
          ...amounts(op),
        }),
      );
      if (result && typeof result === 'object' && 'requestId' in result)
        await attempt(() => checker.approvals.approve({ id: (result as { requestId: number }).requestId }));
    } else if (op.kind === 'remove' && picked) {
      await attempt(() => admin.discounts.remove({ id: picked.id }));
    } else if (op.kind === 'join') {
      const chosen = op.students.map((i) => studentIds[i]!);
      const replace = op.replace
        ? chosen.flatMap((studentId) => heads.map((feeHeadId) => ({ studentId, feeHeadId })))
        : [];
      await attempt(() =>
        admin.schemes.join({ schemeId, depId: 100, studentIds: chosen, replace, allowNegativeBalance: true }),
      );
    } else if (op.kind === 'leave') {
      await attempt(() =>
        admin.schemes.leave({
          schemeId,
          depId: 100,
          studentIds: op.students.map((i) => studentIds[i]!),
          confirm: true,
        }),
      );
    } else if (op.kind === 'approval') {
      // A fresh student, so nothing stands in its way: 1,200.00 by staff waits for the checker.
      const [student] = await h.db
        .insert(students)
        .values({
          ...(await h.db.select().from(students).where(eq(students.id, fx.ug.studentId)))[0]!,
          id: undefined,
          admissionNo: 'UG-099',
          capId: 'CAP-UG-099',
        })
        .returning();
      const result = await staff.discounts.create({
        depId: 100,
        courseId: 1003,
        batchId: fx.ug.batchId,
        studentId: student!.id,
        feeHeadId: fx.heads.tuition,
        ...amounts({ discount: 1_200, adjustment: 0 }),
      });
      studentIds.push(student!.id);
      expect(result).toMatchObject({ requestId: expect.any(Number) });
      await checker.approvals.approve({ id: (result as { requestId: number }).requestId });
    } else if (op.kind === 'removeStudent') {
      await attempt(() => admin.students.remove({ depId: 100, id: studentIds[op.student]! }));
    }
    await expectHistoryAddsUp();
  }

  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 12 }), async (ops) => {
      for (const op of ops) await run(op);
    }),
    { numRuns: 8 },
  );
  await run({ kind: 'approval' });
  // And the scheme for certain, on the student the approval added (the random runs may have removed the others).
  await run({ kind: 'join', students: [studentIds.length - 1], replace: false });
  await run({ kind: 'leave', students: [studentIds.length - 1] });
  // Every change is dated the business day and says who made it, by hand or through the scheme.
  const rows = await h.db.select().from(discountChanges);
  const approved = await h.db.select().from(approvalRequests).where(eq(approvalRequests.status, 'approved'));
  expect(approved.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['hand', 'scheme']));
  expect(rows.every((r) => r.date === today() && r.departmentId === 100 && r.userId !== null)).toBe(true);
  expect(rows.filter((r) => r.source === 'scheme').every((r) => r.schemeId === schemeId)).toBe(true);
  expect((await h.db.select().from(discountChanges).where(eq(discountChanges.source, 'backfill'))).length).toBe(0);
});
