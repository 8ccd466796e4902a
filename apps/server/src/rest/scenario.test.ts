/**
 * A year's set-up and a receipt's life in the Bachelor of Education department, through the
 * documented REST paths only, against the running server.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { today } from '../config';
import type { RestClient, RestServer } from '../test/rest';
import { startRestServer } from '../test/rest';

let server: RestServer;
beforeAll(async () => {
  server = await startRestServer();
});
afterAll(() => server.close());

const BED = 104;
const COURSE = 5001; // B.Ed Mathematics

it('admin sets up a batch and fees, staff registers, discounts, pays, edits and deletes a receipt', async () => {
  const day = today();

  // The admin signs in, creates a staff user for BEd, a batch, and a fee structure of two heads.
  const admin = server.anonymous();
  expect((await admin.post('/login/', { email: 'admin@test.local', password: 'secret123' })).body).toMatchObject({
    auth: true,
    role: 'admin',
  });
  const user = await admin.post('/reguser/', {
    options: 'user',
    depId: BED,
    depName: 'Bachelor of Education',
    email: 'bed.staff@test.local',
    pwd1: 'bedpass1',
    pwd2: 'bedpass1',
    chk1: true,
  });
  expect(user.body).toEqual({ Result: 'SAVED', Message: 'User bed.staff@test.local created' });

  const batch = await admin.post('/api/rgbatch/', {
    bname: '2025-2027',
    name2: 'B.Ed Mathematics',
    cmbcrs: COURSE,
    depid: BED,
    dt1: '2025-06-01',
    dt2: '2027-03-31',
  });
  expect(batch.body).toMatchObject({ Result: 'SAVED' });
  const batchId: number = batch.body.batch_id;

  const heads: Array<{ Id: number; FeeId: string }> = (await admin.get('/api/getfee')).body;
  const tuition = heads.find((h) => h.FeeId === 'Tuition Fee')!.Id;
  const exam = heads.find((h) => h.FeeId === 'Exam Fee')!.Id;
  for (const [feeId, fhead, amt] of [
    [tuition, 'Tuition Fee', '40000'],
    [exam, 'Exam Fee', '2000.50'],
  ] as const) {
    const saved = await admin.post('/api/regfee', {
      depId: BED,
      feeId,
      cmbBatch: batchId,
      course: 'B.Ed Mathematics',
      dt1: '2025-06-01',
      dt2: '2026-03-31',
      fhead,
      amt,
    });
    expect(saved.body).toMatchObject({ Result: 'SAVED' });
  }
  expect(
    (await admin.get('/api/getfs/104')).body.map((s: { fee_head: string; fee_amt: string; batch_total: string }) => [
      s.fee_head,
      s.fee_amt,
      s.batch_total,
    ]),
  ).toEqual([
    ['Tuition Fee', '40000.00', '42000.50'],
    ['Exam Fee', '2000.50', '42000.50'],
  ]);

  // The staff member signs in to BEd and registers a student into the batch.
  const staff: RestClient = server.anonymous();
  expect(
    (await staff.post('/deplogin/', { email: 'bed.staff@test.local', password: 'bedpass1', depId: BED })).body,
  ).toMatchObject({ auth: true, department: 'BED' });
  expect((await staff.get('/api/getfh', { batch_id: batchId })).body).toEqual([
    { fee_id: tuition, fee_head: 'Tuition Fee', fee_amt: '40000.00' },
    { fee_id: exam, fee_head: 'Exam Fee', fee_amt: '2000.50' },
  ]);
  const registered = await staff.post('/api/register', {
    dep_id: BED,
    courseId: COURSE,
    cmbBatch: batchId,
    capId: 'BED-CAP-7',
    name: 'Meera Krishnan',
    regno: 'BED-007',
    rgdate: '2025-06-15',
    adtype: 'General',
    dob: '2001-11-03',
    sex: 'Female',
    adharNo: 'Hindu',
    email: 'meera@example.in',
    phone: '9447000007',
    pname: 'Krishnan Nair',
    address: 'Thrissur',
    zip: '',
  });
  expect(registered.body).toMatchObject({ Status: 'OK', admNo: 'BED-007' });

  // Discounts are the department's accountants' (the legacy staff account is one) as well as the admin's.
  const discount = {
    name: 'Meera Krishnan',
    depid: BED,
    subid: COURSE,
    feeid: tuition,
    admno: 'BED-007',
    disamt: '5000',
    lessamt: '250.50',
    note: 'Merit',
  };
  expect((await staff.post('/api/regndis', discount)).body).toMatchObject({ Result: 'Sucess' });
  const duplicate = await admin.post('/api/regndis', { ...discount, disamt: '1' });
  expect(duplicate.status).toBe(200);
  expect(duplicate.body).toEqual({ Result: 'DUP', Message: expect.stringContaining('already') });

  const balances = async () =>
    (await staff.get('/inv/blsbyid', { batch_id: batchId, adm_no: 'BED-007' })).body.map(
      (r: {
        fee_head: string;
        fee_amount: string;
        total_discount: string;
        total_payment: string;
        total_balance: string;
      }) => [r.fee_head, r.fee_amount, r.total_discount, r.total_payment, r.total_balance],
    );
  const before = [
    ['Tuition Fee', '40000.00', '5250.50', '0.00', '34749.50'],
    ['Exam Fee', '2000.50', '0.00', '0.00', '2000.50'],
  ];
  expect(await balances()).toEqual(before);
  expect((await staff.get('/home/dayamt', { depId: BED })).body).toEqual({ Result: [{ total_amount: '0.00' }] });

  // A receipt for two heads, dated today.
  const payload = {
    courseId: COURSE,
    depId: BED,
    course: 'B.Ed Mathematics',
    admno: 'BED-007',
    sname: 'Meera Krishnan',
    batch: '2025-2027',
    date: day,
    address: 'Thrissur',
    phone: '9447000007',
    email: 'meera@example.in',
    items: [
      {
        fname: 'Tuition Fee',
        feeId: tuition,
        particulars: 'First term',
        price: '15000',
        batch: '2025-2027',
        adm_no: 'BED-007',
      },
      { fname: 'Exam Fee', feeId: exam, particulars: '', price: '2000.50', batch: '2025-2027', adm_no: 'BED-007' },
    ],
    ftotal: '17000.50',
    ftax: '0',
    fnet: '17000.50',
    confirm: true,
  };
  const issued = await staff.post('/inv/register', payload);
  expect(issued.status).toBe(200);
  expect(issued.body).toMatchObject({ message: 'Receipt saved', total_amt: '17000.50' });
  const invoice: number = issued.body.invoice;

  // Read back as the receipt page and the report's magnifier do.
  expect((await staff.get('/inv/master', { invNo: invoice })).body.Result[0]).toMatchObject({
    invoice_no: invoice,
    inv_date: day,
    depId: BED,
    courseId: COURSE,
    cours_desc: 'B.Ed Mathematics',
    adm_no: 'BED-007',
    batch: '2025-2027',
    student_name: 'Meera Krishnan',
    address: 'Thrissur',
    phone: '9447000007',
    email: 'meera@example.in',
    total_amt: '17000.50',
    tax_amt: '0.00',
  });
  expect((await staff.get('/inv/details', { invNo: invoice })).body).toEqual([
    { fee_id: tuition, fee_type: 'Tuition Fee', description: 'First term', fee_amt: '15000.00', batch: '2025-2027' },
    { fee_id: exam, fee_type: 'Exam Fee', description: '', fee_amt: '2000.50', batch: '2025-2027' },
  ]);
  expect((await staff.get('/rpt/rcptfee', { invNo: invoice })).body).toEqual([
    { adm_no: 'BED-007', fee_type: 'Tuition Fee', description: 'First term', fee_amt: '15000.00' },
    { adm_no: 'BED-007', fee_type: 'Exam Fee', description: '', fee_amt: '2000.50' },
  ]);

  // It shows in the course report, between today and today, and in today's total.
  const report = { depId: BED, courseId: COURSE, course: 'B.Ed Mathematics', sTex: '' };
  expect((await staff.post('/rpt/invoice', report)).body).toEqual([
    {
      invoice_no: invoice,
      adm_no: 'BED-007',
      batch: '2025-2027',
      inv_date: day,
      student_name: 'Meera Krishnan',
      address: 'Thrissur',
      inv_total: '17000.50',
    },
  ]);
  expect((await staff.get('/inv/rcptbydt', { dtFrom: day, dtTo: day, depId: BED })).body).toEqual([
    {
      inv_date: day,
      invoice_no: invoice,
      student_name: 'Meera Krishnan',
      adm_no: 'BED-007',
      batch: '2025-2027',
      cours_desc: 'B.Ed Mathematics',
      total_amt: '17000.50',
    },
  ]);
  expect((await staff.get('/home/dayamt', { depId: BED })).body).toEqual({ Result: [{ total_amount: '17000.50' }] });

  // The balance and the dues report follow.
  expect(await balances()).toEqual([
    ['Tuition Fee', '40000.00', '5250.50', '15000.00', '19749.50'],
    ['Exam Fee', '2000.50', '0.00', '2000.50', '0.00'],
  ]);
  expect((await staff.get('/inv/duesbyid', { depId: BED, subId: COURSE })).body).toEqual([
    {
      batchId,
      batch: '2025-2027',
      name: 'Meera Krishnan',
      admNo: 'BED-007',
      capId: 'BED-CAP-7',
      total_fee_amount: '42000.50',
      total_discount: '5250.50',
      total_paid_amount: '17000.50',
      balance: '19749.50',
    },
  ]);

  // Edit: the tuition line becomes 12000.
  const [tuitionLine, examLine] = payload.items;
  const edited = await staff.put('/inv/edit', {
    ...payload,
    invoice,
    items: [{ ...tuitionLine, price: '12000' }, examLine],
    ftotal: '14000.50',
    fnet: '14000.50',
  });
  expect(edited.body).toEqual({ message: 'Receipt updated', invoice });
  expect((await staff.get('/inv/master', { invNo: invoice })).body.Result[0].total_amt).toBe('14000.50');
  expect(await balances()).toEqual([
    ['Tuition Fee', '40000.00', '5250.50', '12000.00', '22749.50'],
    ['Exam Fee', '2000.50', '0.00', '2000.50', '0.00'],
  ]);

  // Delete: the receipt is voided, and every figure returns to what it was.
  expect((await staff.del('/inv/del', { invNo: invoice })).body).toEqual({
    message: 'Data deleted successfully',
    invoice,
  });
  expect(await balances()).toEqual(before);
  expect((await staff.get('/home/dayamt', { depId: BED })).body).toEqual({ Result: [{ total_amount: '0.00' }] });
  expect((await staff.post('/rpt/invoice', report)).body).toEqual([]);
  expect((await staff.get('/inv/rcptbydt', { dtFrom: day, dtTo: day, depId: BED })).body).toEqual([]);
  expect((await staff.get('/inv/master', { invNo: invoice })).body.Result[0].status).toBe('voided');

  // Staff of another department see none of it.
  const pg = await server.signIn('pgStaff');
  expect((await pg.get('/inv/master', { invNo: invoice })).status).toBe(403);
  expect((await pg.get('/api/getinfo', { Id: 'BED-007', depId: BED, subId: COURSE })).status).toBe(403);

  // Logout ends the staff session.
  expect((await staff.post('/logout')).body).toEqual({ state: 'Success' });
  expect((await staff.get('/inv/master', { invNo: invoice })).status).toBe(401);
});
