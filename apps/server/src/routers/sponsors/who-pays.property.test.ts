/**
 * Property: whatever the year brings (promotions with promote, keep and leave, and their undoing; opt-ins to an optional
 * head; sponsors' shares by amount or percent; sponsor receipts in full or short with the shortfall recorded; the
 * families' own receipts and discounts; refunds of the advance and receipts "Adjusted from advance"), the money identity
 * holds per student, per enrolment and in total:
 *   fee - discount - sponsor share - paid + taken back = what the student owes,
 * where what left the credit (settled from the advance, refunded) is taken back from the heads by the rule of
 * @fees/money take-back.ts,
 * as the counter, Fees Info, the statement, the course dues report and `/rest/v2/dues` give it, and
 *   sponsor share - sponsor receipts = the sponsor's receivable,
 * as the receivables report and the sponsor's statement give it. The expected figures come from a plain model of the
 * world kept by the test (the batches' structures and plans, the spells, the shares and every amount accepted), never
 * from the server's own computation. A refused write (a 4xx) leaves the model as it was; anything else fails.
 */
import { batches, students } from '@fees/db';
import { addDays, takeBackPaise } from '@fees/money';
import { paiseToRupeesText } from '@fees/validation';
import { TRPCError } from '@trpc/server';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { buildFixture, receiptInput } from '../../test/fixture';
import { createHarness, TEST_PASSWORD } from '../../test/harness';
import { RestClient } from '../../test/rest';
import { coverShare, receiveShare } from '../../test/sponsors';

const rs = (rupees: number) => rupees * 100;
const DEP = 101;
const COURSE = 2000;
const FAR = '2030-01-01';
type Head = 'tuition' | 'transport';
const HEADS: readonly Head[] = ['tuition', 'transport'];

/** A batch as the model sees it: its Tuition, its optional Transport and its plan's terms. */
interface BatchModel {
  name: 'A' | 'B';
  tuition: number;
  transport: number;
  terms: Array<{ dueDate: string; tuition: number; transport: number }>;
}
const A: BatchModel = {
  name: 'A',
  tuition: rs(30_000),
  transport: rs(6_000),
  terms: [
    { dueDate: '2025-06-10', tuition: rs(15_000), transport: rs(3_000) },
    { dueDate: '2025-12-10', tuition: rs(15_000), transport: rs(3_000) },
  ],
};
const B: BatchModel = {
  name: 'B',
  tuition: rs(20_000),
  transport: rs(4_000),
  terms: [
    { dueDate: '2026-06-10', tuition: rs(10_000), transport: rs(2_000) },
    { dueDate: '2026-10-10', tuition: rs(10_000), transport: rs(2_000) },
  ],
};

interface Spell {
  from: string;
  to: string | null;
}

interface StudentModel {
  id: number;
  admNo: string;
  batch: BatchModel;
  /** The batches promoted out of, oldest first. */
  past: BatchModel[];
  left: boolean;
  spells: Spell[];
  paid: Record<Head, number>;
  discount: Record<Head, number>;
  receiptInB: boolean;
  /** Receipts "Adjusted from advance" (their lines count in paid too) and refunds. */
  applied: number;
  refunded: number;
}

interface ShareModel {
  id: number;
  sponsor: number;
  student: number;
  head: Head;
  enrolment: 'A' | 'B';
  amount: number;
  shortfall: number;
}

const covers = (s: Spell, day: string) => day >= s.from && (s.to === null || day <= s.to);

/** What a batch charges a student on a head: Tuition whole, Transport for the terms due while opted in. */
function feeOf(batch: BatchModel, head: Head, spells: readonly Spell[]): number {
  if (head === 'tuition') return batch.tuition;
  return batch.terms.filter((t) => spells.some((s) => covers(s, t.dueDate))).reduce((sum, t) => sum + t.transport, 0);
}

// Operations ------------------------------------------------------------------------------------------------------
const student = fc.nat(2);
const head = fc.constantFrom<Head>('tuition', 'transport');
const dayArb = fc.integer({ min: 0, max: 530 }).map((d) => addDays('2025-06-01', d));
const action = fc.constantFrom('promote' as const, 'keep' as const, 'leave' as const);
const opArb = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('promote' as const), actions: fc.tuple(action, action, action) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('optIn' as const),
      student,
      from: fc.integer({ min: 0, max: 700 }).map((d) => addDays('2025-05-01', d)),
      days: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('cover' as const),
      student,
      sponsor: fc.nat(1),
      head,
      amount: fc.option(fc.integer({ min: 1, max: 40_000 }), { nil: null }),
      percent: fc.integer({ min: 1, max: 100 }),
      date: dayArb,
    }),
  },
  {
    // A transfer from the sponsor of one of the shares recorded so far, for that student and head.
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sponsorReceipt' as const),
      share: fc.nat(),
      short: fc.boolean(),
      date: dayArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receipt' as const),
      student,
      head,
      rupees: fc.integer({ min: 1, max: 30_000 }),
      date: dayArb,
    }),
  },
  {
    // What the student owes on Tuition and more: a credit to refund or settle from (on Tuition, whose terms every
    // student owes, so the dues' last term holds it as the balances do).
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('overpay' as const),
      student,
      head: fc.constant<Head>('tuition'),
      rupees: fc.integer({ min: 1, max: 10_000 }),
      date: dayArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      student,
      share: fc.integer({ min: 1, max: 4 }),
      date: dayArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      student,
      head,
      share: fc.integer({ min: 1, max: 4 }),
      date: dayArb,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('discount' as const),
      student,
      rupees: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
);
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

/** Four worlds on every run of the suite; more when looking for a defect (`WHO_PAYS_RUNS=60 npx vitest run ...`). */
const RUNS = Number(process.env.WHO_PAYS_RUNS ?? 4);

const REFUSALS = new Set(['BAD_REQUEST', 'CONFLICT', 'NOT_FOUND']);

/** The call's answer, or null when the server refused it with a 4xx (a refusal leaves everything as it was). */
async function attempt<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof TRPCError && REFUSALS.has(error.code)) return null;
    throw error;
  }
}

async function world() {
  const h = await createHarness();
  const fx = await buildFixture(h.db);
  const admin = h.caller('admin');
  const transport = (await admin.fees.heads.create({ name: 'Transport' })).id;
  const nextBatch = (
    await h.db
      .insert(batches)
      .values({ departmentId: DEP, courseId: COURSE, name: '2026-27', startDate: '2026-06-01', endDate: '2027-03-31' })
      .returning()
  )[0]!.id;
  const batchIds = { A: fx.pg.batchId, B: nextBatch };
  const headIds: Record<Head, number> = { tuition: fx.heads.tuition, transport };
  await admin.fees.structures.create({
    depId: DEP,
    batchId: nextBatch,
    feeHeadId: fx.heads.tuition,
    amount: '20000',
    startDate: '2026-06-01',
    endDate: '2027-03-31',
    confirm: true,
  } as never);
  for (const [batch, amount, start, end] of [
    [A, '6000', '2025-06-01', '2026-03-31'],
    [B, '4000', '2026-06-01', '2027-03-31'],
  ] as const)
    await admin.fees.structures.create({
      depId: DEP,
      batchId: batchIds[batch.name],
      feeHeadId: transport,
      amount,
      startDate: start,
      endDate: end,
      confirm: true,
      optional: true,
    } as never);
  for (const batch of [A, B])
    await admin.plans.save({
      depId: DEP,
      batchId: batchIds[batch.name],
      fineRule: { type: 'none' },
      instalments: batch.terms.map((t, i) => ({
        name: `Term ${i + 1}`,
        dueDate: t.dueDate,
        fineRule: null,
        amounts: [
          { feeHeadId: fx.heads.tuition, amountPaise: t.tuition },
          { feeHeadId: transport, amountPaise: t.transport },
        ],
      })),
    });
  const more = await h.db
    .insert(students)
    .values(
      ['PG-002', 'PG-003'].map((admissionNo, k) => ({
        departmentId: DEP,
        courseId: COURSE,
        batchId: fx.pg.batchId,
        admissionNo,
        capId: `CAP10${k + 2}`,
        name: k === 0 ? 'Devika Pillai' : 'Joseph Thomas',
        admissionDate: '2025-06-10',
        dateOfBirth: '2007-05-02',
        gender: 'Female' as const,
        categoryId: 1,
        address: 'Ring Road, Thrissur',
      })),
    )
    .returning();
  const model: StudentModel[] = [
    { id: fx.pg.studentId, admNo: fx.pg.admissionNo },
    ...more.map((s) => ({ id: s.id, admNo: s.admissionNo })),
  ].map((s) => ({
    ...s,
    batch: A,
    past: [],
    left: false,
    spells: [],
    paid: { tuition: 0, transport: 0 },
    discount: { tuition: 0, transport: 0 },
    receiptInB: false,
    applied: 0,
    refunded: 0,
  }));
  const staff = h.caller('pgStaff');
  const sponsors = [
    (await staff.sponsors.create({ name: 'Post-matric scholarship (SC)', kind: 'government' })).id,
    (await staff.sponsors.create({ name: 'Mar Thoma Trust', kind: 'trust' })).id,
  ];
  return { h, fx, batchIds, headIds, model, sponsors };
}

type World = Awaited<ReturnType<typeof world>>;

interface Ledger {
  shares: ShareModel[];
  /** Sponsor receipts' allocations per sponsor, and per sponsor, student and head. */
  received: number[];
  receivedOn: Map<string, number>;
  promotions: Array<{ id: number; students: Array<{ k: number; action: 'promote' | 'keep' | 'leave' }> }>;
}

async function apply(w: World, ledger: Ledger, op: Op): Promise<void> {
  const staff = w.h.caller('pgStaff');
  const admin = w.h.caller('admin');
  const { fx, batchIds, headIds, model, sponsors } = w;
  switch (op.kind) {
    case 'promote': {
      const listed = model
        .map((s, k) => ({ s, k, action: op.actions[k]! }))
        .filter(({ s }) => s.batch === A && !s.left);
      if (listed.length === 0) return;
      const done = await attempt(
        staff.promotions.run({
          depId: DEP,
          fromBatchId: batchIds.A,
          toBatchId: batchIds.B,
          students: listed.map(({ s, action }) => ({ admNo: s.admNo, action })),
        }),
      );
      expect(done).not.toBeNull();
      for (const { s, action } of listed) {
        if (action === 'promote') {
          s.past.push(A);
          s.batch = B;
        }
        if (action === 'leave') s.left = true;
      }
      ledger.promotions.push({ id: done!.id, students: listed.map(({ k, action }) => ({ k, action })) });
      return;
    }
    case 'undo': {
      const last = ledger.promotions.at(-1);
      if (!last) return;
      const promoted = last.students.filter((x) => x.action === 'promote').map((x) => model[x.k]!);
      const undone = await attempt(staff.promotions.undo({ depId: DEP, id: last.id }));
      // Undoable until the first receipt in the new batch, and while no sponsor covers a student in it.
      const covered = ledger.shares.some(
        (x) => x.enrolment === 'B' && last.students.some((y) => y.action === 'promote' && y.k === x.student),
      );
      if (promoted.some((s) => s.receiptInB) || covered) expect(undone).toBeNull();
      if (!undone) return;
      ledger.promotions.pop();
      for (const x of last.students) {
        const s = model[x.k]!;
        if (x.action === 'promote') {
          s.past.pop();
          s.batch = A;
        }
        if (x.action === 'leave') s.left = false;
      }
      return;
    }
    case 'optIn': {
      const s = model[op.student]!;
      const spell = { from: op.from, to: op.days === null ? null : addDays(op.from, op.days) };
      const added = await attempt(
        staff.optionalHeads.optIn({ depId: DEP, studentIds: [s.id], feeHeadId: headIds.transport, ...spell }),
      );
      if (added) s.spells.push(spell);
      return;
    }
    case 'cover': {
      const s = model[op.student]!;
      // A share is of this year's enrolment: its own fee, less the discount (which comes off this year first) and the
      // other sponsors' shares of this year; last year's fee and shares never count.
      const fee = feeOf(s.batch, op.head, s.spells);
      const sponsored = ledger.shares
        .filter((x) => x.student === op.student && x.head === op.head && x.enrolment === s.batch.name)
        .reduce((sum, x) => sum + x.amount - x.shortfall, 0);
      const limit = Math.max(0, fee - s.discount[op.head] - sponsored);
      const wanted = op.amount === null ? Math.round(((fee - s.discount[op.head]) * op.percent) / 100) : rs(op.amount);
      const share = await attempt(
        coverShare(
          staff,
          { depId: DEP, sponsorId: sponsors[op.sponsor]!, studentId: s.id, feeHeadId: headIds[op.head] },
          op.amount === null ? { percent: String(op.percent) } : { amount: String(op.amount) },
          op.date,
        ),
      );
      const again = ledger.shares.some(
        (x) =>
          x.student === op.student && x.head === op.head && x.sponsor === op.sponsor && x.enrolment === s.batch.name,
      );
      // A share is taken exactly when the student is still enrolled, it is the sponsor's first on the head this year
      // and it is within this year's fee of the head less discounts and the other shares of this year.
      expect(share !== null).toBe(!s.left && !again && wanted > 0 && wanted <= limit);
      if (!share) return;
      expect(share.amountPaise).toBe(wanted);
      ledger.shares.push({
        id: share.id,
        sponsor: op.sponsor,
        student: op.student,
        head: op.head,
        enrolment: s.batch.name,
        amount: wanted,
        shortfall: 0,
      });
      return;
    }
    case 'sponsorReceipt': {
      const chosen = ledger.shares[op.share % Math.max(ledger.shares.length, 1)];
      if (!chosen) return;
      const s = model[chosen.student]!;
      const mine = ledger.shares.filter(
        (x) => x.sponsor === chosen.sponsor && x.student === chosen.student && x.head === chosen.head,
      );
      const key = `${chosen.sponsor}:${chosen.student}:${chosen.head}`;
      // What the sponsor still stands for on the student's head, over all its shares (one per year).
      const left = mine.reduce((t, x) => t + x.amount - x.shortfall, 0) - (ledger.receivedOn.get(key) ?? 0);
      const amount = op.short ? Math.floor(left / 2) : left;
      if (amount <= 0) return;
      const share = {
        depId: DEP,
        sponsorId: sponsors[chosen.sponsor]!,
        studentId: s.id,
        feeHeadId: headIds[chosen.head],
      };
      const paid = await receiveShare(staff, share, paiseToRupeesText(amount), {
        date: op.date,
        mode: op.short ? 'cheque' : 'bank_transfer',
        reference: `REF ${op.date}`,
      });
      expect(paid.amountPaise).toBe(amount);
      ledger.received[chosen.sponsor]! += amount;
      ledger.receivedOn.set(key, (ledger.receivedOn.get(key) ?? 0) + amount);
      if (!op.short) return;
      // The sanction fell short: the rest of every share comes back to the student.
      let returned = 0;
      for (const share of mine.filter((x) => x.shortfall === 0)) {
        const short = await attempt(staff.sponsors.shortfall({ depId: DEP, id: share.id, date: op.date }));
        if (!short) continue;
        share.shortfall = short.shortfallPaise;
        returned += short.shortfallPaise;
      }
      expect(returned).toBe(left - amount);
      return;
    }
    case 'receipt':
    case 'overpay': {
      const s = model[op.student]!;
      const owes = expected(s, op.student, ledger).perHead.find((x) => x.head === op.head)!.owes;
      const paise = rs(op.rupees) + (op.kind === 'overpay' ? Math.max(0, owes) : 0);
      const done = await attempt(
        admin.receipts.create(
          receiptInput(fx, {
            of: 'pg',
            studentId: s.id,
            date: op.date,
            lines: [[headIds[op.head], paise]],
            allowOverpayment: op.kind === 'overpay',
          }),
        ),
      );
      if (!done) return;
      s.paid[op.head] += paise;
      if (s.batch === B) s.receiptInB = true;
      return;
    }
    case 'refund':
    case 'settle': {
      const s = model[op.student]!;
      const k = op.student;
      const advance = expected(s, k, ledger).advance;
      // A part of the advance (a quarter to all of it), or a rupee beyond it when there is none; a settlement pays a
      // head what it owes at most, as the counter offers it.
      const part = advance === 0 ? rs(1) : Math.max(1, Math.round((advance * op.share) / 4 / 100)) * 100;
      const owes = expected(s, k, ledger).perHead.find((x) => x.head === (op.kind === 'settle' ? op.head : 'tuition'))!;
      const amount = op.kind === 'settle' && advance > 0 ? Math.floor(Math.min(part, owes.owes) / 100) * 100 : part;
      if (amount <= 0) return;
      const rupees = paiseToRupeesText(amount);
      const done =
        op.kind === 'refund'
          ? await attempt(
              staff.refunds.create({
                depId: DEP,
                studentId: s.id,
                date: op.date,
                amount: rupees,
                paymentMode: 'bank_transfer',
                paymentReference: `NEFT ${op.date}`,
                reason: 'Credit given back',
                confirm: true,
              } as never),
            )
          : await attempt(
              admin.receipts.create(
                receiptInput(fx, {
                  of: 'pg',
                  studentId: s.id,
                  date: op.date,
                  lines: [[headIds[op.head], amount]],
                  paymentMode: 'advance',
                }),
              ),
            );
      // Never more than the advance.
      if (amount > advance) expect(done).toBeNull();
      if (!done) return;
      if (op.kind === 'refund') s.refunded += amount;
      else {
        s.applied += amount;
        s.paid[op.head] += amount;
        if (s.batch === B) s.receiptInB = true;
      }
      return;
    }
    case 'discount': {
      const s = model[op.student]!;
      const done = await attempt(
        admin.discounts.create({
          depId: DEP,
          courseId: COURSE,
          batchId: batchIds[s.batch.name],
          studentId: s.id,
          feeHeadId: headIds.tuition,
          discount: String(op.rupees),
          adjustment: '0',
          note: '',
          confirm: true,
          allowNegativeBalance: true,
        } as never),
      );
      if (done) s.discount.tuition += rs(op.rupees);
      return;
    }
  }
}

/** The model's figures of one student: per head and in total. */
function expected(s: StudentModel, k: number, ledger: Ledger) {
  const perHead = HEADS.map((head) => {
    const fee = [...s.past, s.batch].reduce((sum, b) => sum + feeOf(b, head, s.spells), 0);
    const sponsored = ledger.shares
      .filter((x) => x.student === k && x.head === head)
      .reduce((sum, x) => sum + x.amount - x.shortfall, 0);
    const discount = s.discount[head];
    const paid = s.paid[head];
    return { head, fee, discount, sponsored, paid, owes: fee - discount - sponsored - paid };
  });
  // The counter's order: Tuition then Transport (the structure as entered); no head outside the fee is paid on.
  const taken = takeBackPaise(
    perHead.map((x) => ({ balancePaise: x.owes, paidPaise: x.paid })),
    0,
    { appliedPaise: s.applied, refundedPaise: s.refunded },
  );
  for (const [i, x] of perHead.entries()) {
    x.paid -= taken[i]!;
    x.owes += taken[i]!;
  }
  const sum = (key: 'fee' | 'discount' | 'sponsored' | 'paid' | 'owes') => perHead.reduce((t, x) => t + x[key], 0);
  return {
    perHead,
    fee: sum('fee'),
    discount: sum('discount'),
    sponsored: sum('sponsored'),
    paid: sum('paid'),
    owes: sum('owes'),
    advance: perHead.reduce((t, x) => t + Math.max(0, -x.owes), 0),
  };
}

async function check(w: World, ledger: Ledger, rest: RestClient) {
  const staff = w.h.caller('pgStaff');
  const { model, headIds, batchIds, sponsors } = w;
  const report = await staff.reports.dues({ depId: DEP, courseId: COURSE, includeSettled: true });
  const reportRows = report.batches.flatMap((b) => b.rows);
  let owedInTotal = 0;
  for (const [k, s] of model.entries()) {
    const e = expected(s, k, ledger);
    owedInTotal += e.owes;
    const totals = (t: {
      feePaise: number;
      discountPaise: number;
      sponsoredPaise: number;
      paidPaise: number;
      balancePaise: number;
    }) => [t.feePaise, t.discountPaise, t.sponsoredPaise, t.paidPaise, t.balancePaise];
    const want = [e.fee, e.discount, e.sponsored, e.paid, e.owes];

    const counter = await staff.receipts.entryContext({ depId: DEP, studentId: s.id });
    for (const x of e.perHead) {
      const row = counter.heads.find((r) => r.feeHeadId === headIds[x.head]);
      expect([
        x.head,
        row?.feePaise ?? 0,
        row?.sponsoredPaise ?? 0,
        row?.paidPaise ?? 0,
        row?.balancePaise ?? 0,
      ]).toEqual([x.head, x.fee, x.sponsored, x.paid, x.owes]);
    }
    expect(counter.advancePaise).toBe(e.advance);

    const info = await staff.receipts.feeInfo({ depId: DEP, studentId: s.id });
    expect(totals(info.totals)).toEqual(want);
    expect(info.advancePaise).toBe(e.advance);

    const statement = await staff.reports.statement({ depId: DEP, studentId: s.id });
    expect(totals(statement.totals)).toEqual(want);

    const row = reportRows.find((r) => r.studentId === s.id)!;
    expect(totals(row)).toEqual(want);
    expect(row.advancePaise).toBe(e.advance);

    const dues = await rest.get('/v2/dues', { depId: DEP, asOf: FAR, admNo: s.admNo });
    expect(dues.status).toBe(200);
    expect([dues.body.students[0].outstanding, dues.body.students[0].sponsorShare]).toEqual([
      paiseToRupeesText(e.owes),
      paiseToRupeesText(e.sponsored),
    ]);

    // Per enrolment: last year's own balances carry that year's fee and shares, and add up by the same identity.
    for (const past of new Set(s.past)) {
      const own = await staff.receipts.feeInfo({ depId: DEP, studentId: s.id, batchId: batchIds[past.name] });
      for (const x of HEADS) {
        const r = own.rows.find((y) => y.feeHeadId === headIds[x]);
        const share = ledger.shares
          .filter((y) => y.student === k && y.head === x && y.enrolment === past.name)
          .reduce((t, y) => t + y.amount - y.shortfall, 0);
        expect([x, r?.feePaise ?? 0, r?.sponsoredPaise ?? 0]).toEqual([x, feeOf(past, x, s.spells), share]);
        if (r)
          expect(r.balancePaise).toBe(
            r.feePaise - r.discountPaise - r.adjustmentPaise - r.sponsoredPaise - r.paidPaise,
          );
      }
    }
  }
  expect(report.totals.balancePaise).toBe(owedInTotal);

  const receivables = await staff.sponsors.receivables({ depId: DEP, asOf: FAR });
  for (const [i, sponsorId] of sponsors.entries()) {
    const mine = ledger.shares.filter((x) => x.sponsor === i);
    const sponsored = mine.reduce((t, x) => t + x.amount - x.shortfall, 0);
    const receivable = sponsored - ledger.received[i]!;
    expect(receivables.rows.find((r) => r.sponsorId === sponsorId)?.totalPaise ?? 0).toBe(receivable);
    const statement = await staff.sponsors.statement({ depId: DEP, sponsorId });
    expect([statement.totals.sponsoredPaise, statement.totals.receivedPaise, statement.totals.receivablePaise]).toEqual(
      [sponsored, ledger.received[i], receivable],
    );
  }
}

describe('who pays what: the money identity over random years', () => {
  it('holds per enrolment, per student and in total, for families and sponsors', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 12 }), async (ops) => {
        const w = await world();
        const dir = mkdtempSync(join(tmpdir(), 'fees-who-pays-'));
        const app = await buildApp({
          deps: { db: w.h.db, loginLimiter: new LoginLimiter(), secureCookies: false },
          webRoot: join(dir, 'no-web'),
        });
        await app.listen({ port: 0, host: '127.0.0.1' });
        try {
          const address = app.server.address();
          if (!address || typeof address === 'string') throw new Error('server has no port');
          const rest = new RestClient(`http://127.0.0.1:${address.port}`);
          const signedIn = await rest.post('/deplogin/', {
            email: 'pg@test.local',
            password: TEST_PASSWORD,
            depId: DEP,
          });
          expect(signedIn.status).toBe(200);
          const ledger: Ledger = { shares: [], received: [0, 0], receivedOn: new Map(), promotions: [] };
          for (const op of ops) await apply(w, ledger, op);
          await check(w, ledger, rest);
        } finally {
          await app.close();
        }
      }),
      { numRuns: RUNS },
    );
  });
});
