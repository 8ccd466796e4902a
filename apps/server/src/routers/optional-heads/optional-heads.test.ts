import { duesBalanceByDepartment, students } from '@fees/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '../../test/refusal';
import { type RestServer, startRestServer } from '../../test/rest';
import { receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness();
const fx = useFixture(h);
const rs = (rupees: number) => rupees * 100;
const AS_OF = '2025-10-01';

let transport: number;
let second: number;

/**
 * PG's batch: Tuition 30,000 and an optional Transport 6,000 in three terms (June, September, December), a fine of
 * 100 after 10 days. Rahul (PG-001) takes no bus; Devika (PG-002) from 1 August.
 */
beforeEach(async () => {
  const admin = h.caller('admin');
  transport = (await admin.fees.heads.create({ name: 'Transport' })).id;
  await admin.fees.structures.create({
    depId: 101,
    batchId: fx.pg.batchId,
    feeHeadId: transport,
    amount: '6000',
    startDate: '2025-06-01',
    endDate: '2026-03-31',
    confirm: true,
    optional: true,
  } as never);
  await admin.plans.save({
    depId: 101,
    batchId: fx.pg.batchId,
    fineRule: { type: 'fixed', amountPaise: rs(100), graceDays: 10 },
    instalments: ['2025-06-10', '2025-09-10', '2025-12-10'].map((dueDate, i) => ({
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [
        { feeHeadId: fx.heads.tuition, amountPaise: rs(10_000) },
        { feeHeadId: transport, amountPaise: rs(2_000) },
      ],
    })),
  });
  second = (
    await h.db
      .insert(students)
      .values({
        departmentId: 101,
        courseId: 2000,
        batchId: fx.pg.batchId,
        admissionNo: 'PG-002',
        capId: 'CAP102',
        name: 'Devika Pillai',
        admissionDate: '2025-06-10',
        dateOfBirth: '2007-05-02',
        gender: 'Female',
        categoryId: 1,
        address: 'Ring Road, Thrissur',
      })
      .returning()
  )[0]!.id;
  await h.caller('pgStaff').optionalHeads.optIn({
    depId: 101,
    studentIds: [second],
    feeHeadId: transport,
    from: '2025-08-01',
  });
});

describe('optional heads', () => {
  it('every dues figure agrees: Transport only for the student opted in, from the opt-in on', async () => {
    const staff = h.caller('pgStaff');
    const rahul = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: AS_OF });
    expect(rahul.instalments.map((i) => i.due)).toEqual([rs(10_000), rs(10_000)]);
    expect(rahul.heads.map((x) => x.feeHead)).toEqual(['Tuition Fee']);
    expect([rahul.outstanding, rahul.fine.accrued]).toEqual([rs(20_000), rs(200)]);
    const devika = await staff.plans.studentDues({ depId: 101, studentId: second, asOf: AS_OF });
    expect(devika.instalments.map((i) => i.due)).toEqual([rs(10_000), rs(12_000)]);
    expect(devika.upcoming.map((i) => i.due)).toEqual([rs(12_000)]);
    expect([devika.outstanding, devika.fine.accrued]).toEqual([rs(22_000), rs(200)]);

    const expected = new Map([
      ['PG-001', rs(20_200)],
      ['PG-002', rs(22_200)],
    ]);
    const dues = await staff.plans.dues({ depId: 101, asOf: AS_OF, batchId: fx.pg.batchId });
    expect(new Map(dues.students.map((s) => [s.admissionNo, s.toCollect]))).toEqual(expected);
    const report = await staff.reports.duesAsOf({ depId: 101, courseId: 2000, asOf: AS_OF });
    expect(new Map(report.rows.map((r) => [r.admissionNo, r.toCollect]))).toEqual(expected);
    const defaulters = await staff.reports.defaulters({ depId: 101, asOf: AS_OF });
    expect(new Map(defaulters.rows.map((r) => [r.admissionNo, r.toCollect]))).toEqual(expected);
    const notices = await staff.plans.demandNotices({
      depId: 101,
      batchId: fx.pg.batchId,
      asOf: AS_OF,
      payBy: '2025-10-08',
    });
    expect(new Map(notices.notices.map((n) => [n.admissionNo, n.total]))).toEqual(expected);
    const counter = await staff.receipts.entryContext({ depId: 101, studentId: second });
    expect(counter.dues?.heads.find((x) => x.feeHeadId === transport)?.balance).toBe(rs(4_000));
  });

  it('the whole-fee figures agree: Fees Info, the counter, the statement, the course reports and the dashboard', async () => {
    const staff = h.caller('pgStaff');
    const fees = (studentId: number) =>
      staff.receipts
        .entryContext({ depId: 101, studentId })
        .then((c) =>
          c.heads.filter((x) => !['Late fee', 'Advance'].includes(x.feeHead)).map((x) => [x.feeHead, x.feePaise]),
        );
    expect(await fees(fx.pg.studentId)).toEqual([['Tuition Fee', rs(30_000)]]);
    expect(await fees(second)).toEqual([
      ['Tuition Fee', rs(30_000)],
      ['Transport', rs(4_000)],
    ]);
    const statement = await staff.reports.statement({ depId: 101, studentId: second });
    expect(statement.totals.feePaise).toBe(rs(34_000));
    expect(statement.heads.map((x) => x.feeHead)).toEqual(['Tuition Fee', 'Transport']);
    const expected = new Map([
      ['PG-001', rs(30_000)],
      ['PG-002', rs(34_000)],
    ]);
    const dues = await staff.reports.dues({ depId: 101, courseId: 2000 });
    expect(new Map(dues.batches[0]!.rows.map((r) => [r.admissionNo, r.balancePaise]))).toEqual(expected);
    expect(dues.totals.feePaise).toBe(rs(64_000));
    const info = await staff.reports.studentFeeInfo({ depId: 101, courseId: 2000 });
    expect(new Map(info.batches[0]!.rows.map((r) => [r.admissionNo, r.feePaise]))).toEqual(expected);
    const farAhead = await staff.reports.duesAsOf({ depId: 101, courseId: 2000, asOf: '2026-12-31' });
    expect(new Map(farAhead.rows.map((r) => [r.admissionNo, r.outstanding]))).toEqual(expected);
    expect((await duesBalanceByDepartment(h.db)).find((d) => d.depId === 101)?.balancePaise).toBe(rs(64_000));
  });

  it("a scheme's percentage of an optional head is of what the student owes on it: nothing for one not opted in", async () => {
    const admin = h.caller('admin');
    const { id: schemeId } = await admin.schemes.create({
      name: 'Bus pass 50%',
      rules: [{ kind: 'percent', feeHeadId: transport, courseId: 2000, percent: '50' }],
    });
    const chosen = { schemeId, depId: 101 as const, studentIds: [fx.pg.studentId, second] };
    const preview = await admin.schemes.preview(chosen);
    expect(preview.rows.map((r) => [r.admissionNo, r.feePaise, r.schemePaise])).toEqual([
      ['PG-002', rs(4_000), rs(2_000)],
    ]);
    await admin.schemes.join(chosen);
    const dues = await h.caller('pgStaff').reports.dues({ depId: 101, courseId: 2000 });
    expect(new Map(dues.batches[0]!.rows.map((r) => [r.admissionNo, r.balancePaise]))).toEqual(
      new Map([
        ['PG-001', rs(30_000)],
        ['PG-002', rs(32_000)],
      ]),
    );
  });

  it('an opt-in until a date: the terms due after it are not owed', async () => {
    const staff = h.caller('pgStaff');
    const view = await staff.optionalHeads.byBatch({ depId: 101, batchId: fx.pg.batchId });
    expect(view.heads).toEqual([{ feeHeadId: transport, feeHead: 'Transport', amountPaise: rs(6_000) }]);
    const spell = view.students.find((s) => s.id === second)!.optIns[0]!;
    expect(spell).toMatchObject({ feeHeadId: transport, from: '2025-08-01', to: null });
    await staff.optionalHeads.end({ depId: 101, id: spell.id, to: '2025-11-30' });
    const devika = await staff.plans.studentDues({ depId: 101, studentId: second, asOf: '2026-01-01' });
    expect(devika.instalments.map((i) => i.due)).toEqual([rs(10_000), rs(12_000), rs(10_000)]);
  });

  it('the advance counts an optional head as the opt-ins make it owed, again whenever a spell changes', async () => {
    const staff = h.caller('pgStaff');
    await h
      .caller('admin')
      .receipts.create(
        receiptInput(fx, { of: 'pg', studentId: second, date: '2025-09-01', lines: [[transport, rs(4_000)]] }),
      );
    const advances = async () => {
      const screen = await staff.refunds.studentAdvance({ depId: 101, studentId: second });
      const report = await staff.reports.dues({ depId: 101, courseId: 2000, includeSettled: true });
      const row = report.batches.flatMap((b) => b.rows).find((r) => r.studentId === second);
      return [screen.advancePaise, row?.advancePaise];
    };
    // Terms 2 and 3 of Transport owed (4,000) and paid: nothing in advance.
    expect(await advances()).toEqual([0, 0]);
    const spell = (await staff.optionalHeads.byBatch({ depId: 101, batchId: fx.pg.batchId })).students.find(
      (s) => s.id === second,
    )!.optIns[0]!;
    // Ended before term 3: 2,000 owed, 2,000 paid beyond it.
    await staff.optionalHeads.end({ depId: 101, id: spell.id, to: '2025-11-30' });
    expect(await advances()).toEqual([rs(2_000), rs(2_000)]);
    // Never taken: the whole 4,000 is the family's advance (it was counted against the full 6,000 before).
    await staff.optionalHeads.remove({ depId: 101, id: spell.id });
    expect(await advances()).toEqual([rs(4_000), rs(4_000)]);
  });

  it('refuses a compulsory head, a spell sharing days with one on record, and another department', async () => {
    const staff = h.caller('pgStaff');
    const input = { depId: 101, studentIds: [fx.pg.studentId], feeHeadId: fx.heads.tuition, from: '2025-06-01' };
    expect(await refusal(staff.optionalHeads.optIn(input))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Tuition Fee is not an optional head of batch 2025-2027',
    });
    expect(
      await refusal(staff.optionalHeads.optIn({ ...input, studentIds: [second], feeHeadId: transport, to: null })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'Devika Pillai is already opted into Transport for part of these dates',
    });
    expect(
      await refusal(
        staff.optionalHeads.optIn({ ...input, feeHeadId: transport, from: '2025-09-01', to: '2025-08-01' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await refusal(
        h.caller('admin').optionalHeads.optIn({ ...input, studentIds: [fx.ug.studentId], feeHeadId: transport }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: 'One of these students is not in this department' });
  });

  it('opts in from a CSV after a preview naming each bad row', async () => {
    const staff = h.caller('pgStaff');
    const csv = 'Admission No,Fee head,From,Until\nPG-001,Transport,2025-12-01,\nPG-009,Transport,2025-12-01,\n';
    const preview = await staff.optionalHeads.importPreview({ depId: 101, csv });
    expect(preview.rows.map((r) => r.errors)).toEqual([
      [],
      ['Admission no: No student with admission no PG-009 in this department'],
    ]);
    expect((await refusal(staff.optionalHeads.importCommit({ depId: 101, csv }))).message).toMatch(
      /nothing was imported/,
    );
    const good = 'admissionNo,head,from\nPG-001,Transport,2025-12-01\n';
    expect(await staff.optionalHeads.importCommit({ depId: 101, csv: good })).toEqual({ Status: 'OK', imported: 1 });
    const rahul = await staff.plans.studentDues({ depId: 101, studentId: fx.pg.studentId, asOf: '2026-01-01' });
    expect(rahul.instalments.map((i) => i.due)).toEqual([rs(10_000), rs(10_000), rs(12_000)]);
  });
});

describe('over REST', () => {
  let server: RestServer;
  beforeAll(async () => {
    server = await startRestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('PUT /rest/api/fedit keeps optional when left out; POST /rest/v2/optional-heads refuses what it cannot do', async () => {
    const { fixture } = server;
    const admin = await server.signIn('admin');
    const fields = {
      depId: 101,
      feeId: fixture.heads.library,
      cmbBatch: fixture.pg.batchId,
      dt1: '2025-06-01',
      dt2: '2026-03-31',
      amt: '900',
      optional: true,
    };
    const created = await admin.post('/api/regfee', fields);
    expect(created.status).toBe(200);
    const { optional: _, ...withoutFlag } = fields;
    expect((await admin.put(`/api/fedit/${created.body.id}`, { ...withoutFlag, amt: '1000' })).status).toBe(200);
    expect((await admin.get('/api/getfedit', { id: created.body.id })).body).toMatchObject({
      fee_amt: '1000.00',
      optional: true,
    });
    const staff = await server.signIn('pgStaff');
    const optIn = { depId: 101, admNo: 'PG-001', feeHeadId: fixture.heads.library, from: '2025-06-01' };
    expect((await staff.post('/v2/optional-heads', { ...optIn, admNo: 'PG-404' })).status).toBe(404);
    const noDate = await staff.post('/v2/optional-heads', { ...optIn, from: undefined });
    expect(noDate.status).toBe(400);
    expect(JSON.stringify(noDate.body)).toContain('from');
    expect((await staff.post('/v2/optional-heads', optIn)).body).toEqual({ added: 1, ids: [expect.any(Number)] });
    const dues = await staff.get('/v2/dues', { depId: 101, asOf: '2025-07-01', admNo: 'PG-001' });
    expect(dues.body.students[0].outstanding).toBe('31000.00');
    expect((await staff.post('/v2/optional-heads', optIn)).status).toBe(400);
  });
});
