/**
 * A student who leaves on a date, through createCaller on a fresh database; the no-dues certificate's PDF and its
 * public verification page over real HTTP. PG-001 (Tuition 30,000 in three terms of 10,000 due 20-06-2025,
 * 10-10-2025 and 10-01-2026, a fixed fine of 200 after 5 days) paid 4,000 on 15-06-2025 and leaves on 30-11-2025:
 * terms 1 and 2 stay owed (6,000 + 10,000) with their fines (200 + 200), term 3 is never owed: 16,400 in all.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditLog, enrolments, feeHeads } from '@fees/db';
import { temporaryFolder } from '@fees/db/testing';
import { LATE_FEE_HEAD, localToday } from '@fees/validation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { LoginLimiter } from '../../auth/login-limiter';
import { fieldRefusal, refusal } from '../../test/refusal';
import { ACCOUNTS, RestClient } from '../../test/rest';
import { type ReceiptLine, receiptInput } from '../../test/fixture';
import { useFixture, useHarness } from '../../test/use-harness';

const h = useHarness(beforeAll);
const fx = useFixture(h, beforeAll);
const rs = (rupees: number) => rupees * 100;
let app: Awaited<ReturnType<typeof buildApp>>;
let baseUrl: string;
let pgClient: RestClient;

const PG = { depId: 101 as const, admNo: 'PG-001' };
const LEFT_ON = '2025-11-30';

const receipt = (date: string, lines: ReceiptLine[]) => receiptInput(fx, { of: 'pg', date, lines });

beforeAll(async () => {
  await h.caller('admin').plans.save({
    depId: 101,
    batchId: fx.pg.batchId,
    fineRule: { type: 'fixed', amountPaise: rs(200), graceDays: 5 },
    instalments: ['2025-06-20', '2025-10-10', '2026-01-10'].map((dueDate, i) => ({
      name: `Term ${i + 1}`,
      dueDate,
      fineRule: null,
      amounts: [{ feeHeadId: fx.heads.tuition, amountPaise: rs(10_000) }],
    })),
  });
  await h.caller('pgStaff').receipts.create(receipt('2025-06-15', [[fx.heads.tuition, rs(4_000)]]));
  app = await buildApp({
    deps: { db: h.db, loginLimiter: new LoginLimiter(), secureCookies: false },
    webRoot: '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  pgClient = new RestClient(baseUrl);
  const { email, password, depId } = ACCOUNTS.pgStaff;
  const signedIn = await pgClient.post('/deplogin/', { email, password, depId });
  if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.text}`);
});
afterAll(() => app.close());

const leavingAudit = (entity: string) =>
  h.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id);

describe('a student leaves on a date', () => {
  it('previews the dues of a leaving date: what fell due stays, with its fine; nothing due after is owed', async () => {
    const pg = h.caller('pgStaff').leaving;
    expect(await pg.preview({ ...PG, date: LEFT_ON })).toMatchObject({
      fromDate: '2025-06-10',
      feesPaise: rs(16_000),
      finePaise: rs(400),
      totalPaise: rs(16_400),
    });
    // Leaving after term 3 fell due: all three terms and their fines.
    expect(await pg.preview({ ...PG, date: '2026-02-01' })).toMatchObject({
      feesPaise: rs(26_000),
      finePaise: rs(600),
    });
  });

  it('refuses a date before the enrolment, after today and no reason, naming the field; writes nothing', async () => {
    const pg = h.caller('pgStaff').leaving;
    expect(await refusal(pg.leave({ ...PG, date: '2025-06-01', reason: 'Moved' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'The leaving date cannot be before the enrolment started (10-06-2025)',
    });
    const refused = await fieldRefusal(pg.leave({ ...PG, date: '2099-01-01', reason: ' ' }));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(Object.keys(refused.fields).sort()).toEqual(['date', 'reason']);
    expect(await leavingAudit('leaving')).toEqual([]);
  });

  it('warns and records the dues, never refuses; every figure counts only what fell due by the day', async () => {
    const pg = h.caller('pgStaff');
    expect(await pg.leaving.leave({ ...PG, date: LEFT_ON, reason: 'Family moved to Kochi' })).toEqual({
      admNo: 'PG-001',
      date: LEFT_ON,
      feesPaise: rs(16_000),
      finePaise: rs(400),
      totalPaise: rs(16_400),
    });
    const audit = await leavingAudit('leaving');
    expect(audit.map((a) => [a.action, JSON.parse(a.after!).duesPaise, JSON.parse(a.after!).reason])).toEqual([
      ['create', rs(16_400), 'Family moved to Kochi'],
    ]);
    const enrolled = await h.db.select().from(enrolments).where(eq(enrolments.studentId, fx.pg.studentId));
    expect(enrolled.map((e) => [e.status, e.toDate])).toEqual([['left', LEFT_ON]]);

    // Fees Info, the statement and the course's dues report: fee 20,000 (terms 1 and 2), paid 4,000, balance 16,000.
    const feeInfo = await pg.receipts.feeInfo({ depId: 101, studentId: fx.pg.studentId });
    expect([feeInfo.totals.feePaise, feeInfo.totals.balancePaise].map(Number)).toEqual([rs(20_000), rs(16_000)]);
    const statement = await pg.reports.statement({ depId: 101, studentId: fx.pg.studentId });
    expect([statement.totals.feePaise, statement.totals.balancePaise]).toEqual([rs(20_000), rs(16_000)]);
    expect(statement.leaving).toMatchObject({ date: LEFT_ON, reason: 'Family moved to Kochi', certificate: null });
    const report = await pg.reports.dues({ depId: 101, courseId: fx.pg.courseId, limit: 100 });
    expect(report.totals).toMatchObject({ feePaise: rs(20_000), balancePaise: rs(16_000) });
    // The dues as of today, the defaulters and the dues for other programs: 16,000 and the fines of 400.
    const dues = await pg.plans.studentDues({ depId: 101, studentId: fx.pg.studentId });
    expect([dues.outstanding, dues.fine.outstanding, dues.upcoming]).toEqual([rs(16_000), rs(400), []]);
    const asOf = localToday();
    const batchDues = await pg.plans.dues({ depId: 101, asOf, studentId: fx.pg.studentId });
    expect(batchDues.students.map((s) => s.toCollect)).toEqual([rs(16_400)]);
    const defaulters = await pg.reports.defaulters({ depId: 101, asOf });
    expect(defaulters.rows.map((r) => [r.admissionNo, r.toCollect])).toEqual([['PG-001', rs(16_400)]]);
    const duesAsOf = await pg.reports.duesAsOf({ depId: 101, courseId: fx.pg.courseId, asOf });
    expect(duesAsOf.totals).toMatchObject({ dueTill: rs(20_000), outstanding: rs(16_000), toCollect: rs(16_400) });
    // The admin dashboard's demand and dues outstanding: the department's only student, as the report says.
    const dashboard = await h.caller('admin').admin.dashboard();
    expect(dashboard.figures.departments.find((d) => d.depId === 101)).toMatchObject({
      demandPaise: report.totals.feePaise - report.totals.discountPaise,
      duesOutstandingPaise: rs(16_000),
    });

    // Shown as left where the clerk finds the student.
    const found = await pg.receipts.findStudents({ depId: 101, text: 'PG-001' });
    expect(found.students[0]).toMatchObject({ admissionNo: 'PG-001', leftOn: LEFT_ON });

    expect(await refusal(pg.leaving.leave({ ...PG, date: LEFT_ON, reason: 'Again' }))).toEqual({
      code: 'CONFLICT',
      message: 'PG-001 has no current enrolment: they left already',
    });
  });

  it('refuses the no-dues certificate while anything is outstanding, naming the amount', async () => {
    expect(await refusal(h.caller('pgStaff').leaving.certificate(PG))).toEqual({
      code: 'CONFLICT',
      message: 'Rs. 16,400.00 is still outstanding: no no-dues certificate can be issued',
    });
    expect(await leavingAudit('no_dues_certificate')).toEqual([]);
  });

  it('takes a receipt for what is owed; the leaving can no longer be undone', async () => {
    const lateFee = (await h.db.select().from(feeHeads).where(eq(feeHeads.name, LATE_FEE_HEAD)))[0]!.id;
    const pg = h.caller('pgStaff');
    await pg.receipts.create(
      receipt(localToday(), [
        [fx.heads.tuition, rs(16_000)],
        [lateFee, rs(400)],
      ]),
    );
    expect((await pg.plans.studentDues({ depId: 101, studentId: fx.pg.studentId })).toCollect).toBe(0);
    expect(await refusal(pg.leaving.undo(PG))).toEqual({
      code: 'CONFLICT',
      message: 'A receipt was issued since the leaving: it can no longer be undone',
    });
  });

  it('issues the certificate once nothing is outstanding; a reprint keeps its number; each is audited', async () => {
    const pg = h.caller('pgStaff').leaving;
    const issued = await pg.certificate(PG);
    expect(issued).toMatchObject({
      number: 1,
      label: 'ND/101/0001',
      issuedOn: localToday(),
      leftOn: LEFT_ON,
      student: { name: 'Rahul Nair', admissionNo: 'PG-001' },
      paidPaise: rs(20_400),
    });
    expect(issued.heads.map((x) => [x.feeHead, x.feePaise, x.paidPaise])).toEqual([
      ['Tuition Fee', rs(20_000), rs(20_000)],
      [LATE_FEE_HEAD, rs(400), rs(400)],
    ]);
    expect(issued.verifyPath).toMatch(/^\/verify\/no-dues\/101\/1\/[0-9a-f]{12}$/);
    const again = await pg.certificate(PG);
    expect([again.number, again.verifyPath]).toEqual([1, issued.verifyPath]);
    expect((await leavingAudit('no_dues_certificate')).map((a) => a.action)).toEqual(['create', 'reprint']);
    expect(await pg.certificateByNumber({ depId: 101, number: 1 })).toEqual(issued);
    expect(
      (await h.caller('pgStaff').reports.statement({ depId: 101, studentId: fx.pg.studentId })).leaving,
    ).toMatchObject({ certificate: { number: 1, label: 'ND/101/0001' } });
    // Another department's staff cannot read it.
    expect((await refusal(h.caller('ugStaff').leaving.certificateByNumber({ depId: 101, number: 1 }))).code).toBe(
      'FORBIDDEN',
    );
  });

  it('prints the PDF: letterhead, student, batch, paid per head and in all, nothing outstanding', async () => {
    const response = await pgClient.download('/api/no-dues/101/1.pdf');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const path = join(temporaryFolder('fees-nodues-'), 'certificate.pdf');
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', path, '-']).toString();
    expect(text).toContain('NO-DUES CERTIFICATE');
    expect(text).toMatch(/No ND\/101\/0001/);
    expect(text).toContain('Rahul Nair');
    expect(text).toContain('PG-001');
    expect(text).toContain('2025-2027');
    expect(text).toMatch(/Tuition Fee\s+Rs 20,000\.00\s+Rs 0\.00\s+Rs 20,000\.00/);
    expect(text).toMatch(/Late fee\s+Rs 400\.00\s+Rs 0\.00\s+Rs 400\.00/);
    expect(text).toMatch(/Paid in all\s+Rs 20,400\.00/);
    expect(text).toContain('Rupees Twenty Thousand Four Hundred Only');
    expect(text).toContain('Scan to verify');
    expect(text.replace(/\s+/g, ' ')).toContain('nothing is outstanding from Rahul Nair');
    expect(text).toMatch(/Verify: http:\/\/127\.0\.0\.1:\d+\/verify\/no-dues\/101\/1\/[0-9a-f]{12}/);
    expect((await pgClient.download('/api/no-dues/101/2.pdf')).status).toBe(404);
    expect((await new RestClient(baseUrl).download('/api/no-dues/101/1.pdf')).status).toBe(401);
  });

  it('is verified by its link without signing in; a tampered link gets the same answer as a bad one', async () => {
    const { verifyPath } = await h.caller('pgStaff').leaving.certificateByNumber({ depId: 101, number: 1 });
    const open = (path: string) => app.inject({ url: path, remoteAddress: '10.1.0.1' });
    const page = await open(verifyPath);
    expect(page.statusCode).toBe(200);
    const text = page.body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('Valid certificate');
    expect(text).toContain('Certificate number ND/101/0001');
    expect(text).toContain('Student R. N.');
    expect(text).toContain('Admission number PG-001');
    const code = verifyPath.split('/').at(-1)!;
    const tampered = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    const bad = await open(`/verify/no-dues/101/1/${tampered}`);
    const none = await open(`/verify/no-dues/101/9/${code}`);
    expect([bad.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(bad.body).toBe(none.body);
    expect(bad.body).toContain('Not a valid no-dues certificate');
  });
});

describe('undoing a leaving', () => {
  it('reopens the enrolment while nothing was written since: the dues are the batch’s whole plan again', async () => {
    const ug = h.caller('ugStaff');
    const before = (await ug.reports.statement({ depId: 100, studentId: fx.ug.studentId })).totals;
    // UG's batch has no plan: its one virtual instalment fell due on 01-06-2025, before the leaving.
    await ug.leaving.leave({ depId: 100, admNo: fx.ug.admissionNo, date: '2025-07-15', reason: 'Admitted elsewhere' });
    expect((await ug.reports.statement({ depId: 100, studentId: fx.ug.studentId })).totals).toEqual(before);
    expect(
      await h
        .caller('cashier')
        .leaving.undo({ depId: 100, admNo: fx.ug.admissionNo })
        .catch((e) => e.code),
    ).toBe('FORBIDDEN');
    expect(await ug.leaving.undo({ depId: 100, admNo: fx.ug.admissionNo })).toEqual({
      admNo: fx.ug.admissionNo,
      undone: true,
    });
    const open = await h.db
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.studentId, fx.ug.studentId), eq(enrolments.status, 'open')));
    expect(open.map((e) => e.toDate)).toEqual([null]);
    expect((await leavingAudit('leaving')).filter((a) => a.action === 'delete')).toHaveLength(1);
    expect(await refusal(ug.leaving.undo({ depId: 100, admNo: fx.ug.admissionNo }))).toEqual({
      code: 'CONFLICT',
      message: `${fx.ug.admissionNo} has not left`,
    });
  });
});
