/**
 * GET /rest/inv/blsbyid after a promotion, through real HTTP: the old batch's id answers that enrolment's balances
 * (payments settle it first, the concession comes off the new year, its sponsor's share stays with it), the new
 * batch's id the whole fee, any other batch a 404.
 */
import { batches, feeStructures } from '@fees/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type RestClient, type RestServer, responseProblems, routeOf, startRestServer } from '../test/rest';

let server: RestServer;
let staff: RestClient;
let nextBatchId: number;

beforeAll(async () => {
  server = await startRestServer();
  const fx = server.fixture;
  nextBatchId = (
    await server.db
      .insert(batches)
      .values({
        departmentId: 100,
        courseId: fx.ug.courseId,
        name: '2026-27',
        startDate: '2026-06-01',
        endDate: '2027-03-31',
      })
      .returning()
  )[0]!.id;
  await server.db.insert(feeStructures).values({
    batchId: nextBatchId,
    feeHeadId: fx.heads.tuition,
    amountPaise: 30_000_00,
    startDate: '2026-06-01',
    endDate: '2027-03-31',
  });
  staff = await server.signIn('ugStaff');
});
afterAll(() => server.close());

const balances = async (batchId: number) => {
  const res = await staff.get('/inv/blsbyid', { batch_id: batchId, adm_no: server.fixture.ug.admissionNo });
  expect(res.status).toBe(200);
  expect(responseProblems(routeOf('GET', '/inv/blsbyid'), res.body)).toEqual([]);
  return (res.body as Array<Record<string, string>>).map((r) => [
    r.fee_head,
    r.fee_amount,
    r.total_discount,
    r.total_payment,
    r.total_balance,
  ]);
};

it('answers a past enrolment its own balances, the current batch the whole fee, and any other batch a 404', async () => {
  const fx = server.fixture;
  // A scholarship covers 5,000 of this year's Tuition.
  const sponsor = await staff.post('/v2/sponsors', { name: 'Merit Scholarship' });
  expect(sponsor.status).toBe(200);
  const share = {
    sponsorId: (sponsor.body as { id: number }).id,
    depId: 100,
    admNo: fx.ug.admissionNo,
    feeHeadId: fx.heads.tuition,
  };
  const cover = await staff.post('/v2/sponsorships', { ...share, amount: '5000' });
  expect(cover.status).toBe(200);
  // Before: Tuition 25,000 less 2,000 + 500, 5,000 sponsored, 10,000 paid; Exam 1,500.
  const before = [
    ['Tuition Fee', '25000.00', '2500.00', '10000.00', '7500.00'],
    ['Exam Fee', '1500.00', '0.00', '0.00', '1500.00'],
  ];
  expect(await balances(fx.ug.batchId)).toEqual(before);
  const notYet = await staff.get('/inv/blsbyid', { batch_id: nextBatchId, adm_no: fx.ug.admissionNo });
  expect(notYet.status).toBe(404);
  expect(notYet.text).toContain(`${fx.ug.admissionNo} was not promoted out of this batch`);

  const promoted = await staff.post('/v2/promotions', {
    depId: 100,
    fromBatchId: fx.ug.batchId,
    toBatchId: nextBatchId,
    students: [{ admNo: fx.ug.admissionNo, action: 'promote' }],
  });
  expect(promoted.body).toMatchObject({ date: '2026-06-01', promoted: 1 });

  // The old year: its own Tuition 25,000 less its 5,000 scholarship, the 10,000 paid settles it first, the concession
  // is the new year's.
  expect(await balances(fx.ug.batchId)).toEqual([
    ['Tuition Fee', '25000.00', '0.00', '10000.00', '10000.00'],
    ['Exam Fee', '1500.00', '0.00', '0.00', '1500.00'],
  ]);
  // The new batch: the whole fee, last year's unpaid included (Tuition 37,500 = 10,000 of last year + 27,500).
  expect(await balances(nextBatchId)).toEqual([
    ['Tuition Fee', '55000.00', '2500.00', '10000.00', '37500.00'],
    ['Exam Fee', '1500.00', '0.00', '0.00', '1500.00'],
  ]);
  // A batch the student was never in, and a batch id that is not a number.
  const other = await staff.get('/inv/blsbyid', { batch_id: fx.pg.batchId, adm_no: fx.ug.admissionNo });
  expect(other.status).toBe(404);
  const bad = await staff.get('/inv/blsbyid', { batch_id: 'next', adm_no: fx.ug.admissionNo });
  expect(bad.status).toBe(400);
  expect(bad.text).toContain('batch_id');

  // A share of the new year is limited by the new year's own fee less its discounts (30,000 - 2,500), never by the
  // whole head (55,000 - 2,500 - last year's 5,000 = 47,500).
  const newYear = { ...share, amount: '27500.01' };
  const tooMuch = await staff.post('/v2/sponsorships', newYear);
  expect([tooMuch.status, tooMuch.body.message]).toEqual([
    400,
    "Amount: the share of Tuition Fee can be at most 27500.00 (its fee in 2026-27 less discounts and other sponsors' shares of 2026-27)",
  ]);
  expect((await staff.post('/v2/sponsorships', { ...newYear, amount: '27500' })).status).toBe(200);
});
