/**
 * One contract per documented path, over real HTTP against the running server:
 * the documented request fields give the documented response fields with the right values; no
 * session is 401; another department's staff (or staff on an admin path) is 403. Reads of the
 * fixture's UG student come first; writes then use data of their own.
 */
import { insertDayClosing, settings, transaction } from '@fees/db';
import { eq } from 'drizzle-orm';
import { paiseToRupeesText, roleCan } from '@fees/validation';
import { onPostgres } from '@fees/db/testing';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_AMOUNTS, type Fixture } from '../test/fixture';
import { TEST_PASSWORD } from '../test/harness';
import { RazorpayGateway } from '../domain/payments/razorpay';
import {
  RAZORPAY_KEY_ID,
  RAZORPAY_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET,
  type RazorpayStandIn,
  startRazorpayStandIn,
} from '../test/razorpay';
import type { Method } from './route';
import { restRoutes } from './routes';
import {
  type RestClient,
  type RestResponse,
  type RestServer,
  responseProblems,
  routeOf,
  startRestServer,
} from '../test/rest';

type Caller = 'anonymous' | 'admin' | 'ugStaff' | 'pgStaff' | 'cashier' | 'viewer' | 'auditor';

/** The roles besides the accountants and the admin: each is refused what its role cannot do. */
const OTHER_ROLES = ['cashier', 'viewer', 'auditor'] as const;

interface Ctx {
  server: RestServer;
  fx: Fixture;
  clients: Record<Caller, RestClient>;
}

interface Call {
  /** The path with its parameters filled in; the route's own path when left out. */
  path?: string;
  fields?: Record<string, unknown>;
}

interface Contract {
  method: Method;
  path: string;
  /** Who makes the valid call (default: ugStaff for department paths, admin for admin and authed ones, anonymous for public ones). */
  as?: Caller;
  /** Who gets 403 (default: pgStaff on department paths, ugStaff on admin paths). */
  outsider?: Caller;
  /**
   * The outsider's status. Paths that name only a batch (no department) look it up in the staff
   * member's own department, where another department's batch does not exist: 404.
   */
  outsiderStatus?: 403 | 404;
  /** The valid call; may first set up data of its own through REST. */
  call: (ctx: Ctx) => Call | Promise<Call>;
  check: (res: RestResponse, ctx: Ctx) => void | Promise<void>;
  /** The valid call's answer is SQLite's own (its check is skipped on the suite's PostgreSQL run). */
  sqliteOnly?: true;
}

const rupees = paiseToRupeesText;
/** A one-credit statement; each file name makes its own file (the same file is imported once). */
const statementUpload = (fileName: string) => ({
  depId: 100,
  bankAccount: 'Contract bank',
  fileName,
  fileBase64: Buffer.from(`Date,Narration,Credit\n01-07-2025,NEFT ${fileName},1250.00\n`).toString('base64'),
  mapping: { date: 'Date', narration: 'Narration', credit: 'Credit' },
});
const PW = { pwd1: 'newpass1', pwd2: 'newpass1', chk1: true };

function send(client: RestClient, method: Method, path: string, fields: Record<string, unknown> = {}) {
  const inQuery = method === 'GET' || method === 'DELETE';
  return inQuery
    ? client.request(method, path, { query: fields as Record<string, string | number> })
    : client.request(method, path, { body: fields });
}

/** A registration payload for a new BA English student in the fixture's UG batch. */
function registration(fx: Fixture, admNo: string, extra: Record<string, unknown> = {}) {
  return {
    dep_id: 100,
    courseId: 1003,
    cmbBatch: fx.ug.batchId,
    capId: `CAP-${admNo}`,
    name: `Student ${admNo}`,
    regno: admNo,
    rgdate: '2025-06-12',
    adtype: 'OBC',
    dob: '2007-05-20',
    sex: 'Male',
    adharNo: 'Christian',
    email: `${admNo.toLowerCase()}@example.in`,
    phone: '9847011111',
    pname: 'Parent Name',
    address: 'Kottayam',
    zip: 'Kottayam guardian',
    ...extra,
  };
}

async function registerStudent(ctx: Ctx, admNo: string) {
  const res = await ctx.clients.ugStaff.post('/api/register', registration(ctx.fx, admNo));
  expect(res.body).toMatchObject({ Status: 'OK' });
  return res.body.id as number;
}

/** A receipt payload: Exam Fee lines for a student of the fixture's UG batch. */
function receipt(ctx: Ctx, admNo: string, price: string, extra: Record<string, unknown> = {}) {
  return {
    courseId: 1003,
    depId: 100,
    course: 'BA English',
    admno: admNo,
    sname: `Student ${admNo}`,
    batch: '2025-2028',
    date: '2025-08-01',
    address: 'Kottayam',
    phone: '9847011111',
    email: '',
    items: [
      {
        fname: 'Exam Fee',
        feeId: ctx.fx.heads.exam,
        particulars: 'Semester 1',
        price,
        batch: '2025-2028',
        adm_no: admNo,
      },
    ],
    ftotal: price,
    ftax: '0.00',
    fnet: price,
    confirm: true,
    ...extra,
  };
}

async function issueReceipt(ctx: Ctx, admNo: string, price: string) {
  const res = await ctx.clients.ugStaff.post('/inv/register', receipt(ctx, admNo, price));
  expect(res.status).toBe(200);
  return res.body.invoice as number;
}

/** A receipt for a new student whose void by UG staff waits for approval; the request's id. */
async function voidRequest(ctx: Ctx, admNo: string): Promise<number> {
  await registerStudent(ctx, admNo);
  const invoice = await issueReceipt(ctx, admNo, '300.00');
  const approvals = { refund: false, waiver: false, reopenDay: false, backdated: false, discountAbovePaise: null };
  await ctx.clients.admin.put('/v2/settings/approvals', { ...approvals, void: true });
  const res = await ctx.clients.ugStaff.del('/inv/del', { invNo: invoice });
  await ctx.clients.admin.put('/v2/settings/approvals', { ...approvals, void: false });
  expect(res.status, res.text).toBe(202);
  return res.body.requestId as number;
}

async function idOfAccount(ctx: Ctx, path: '/getadm/' | '/getuser', email: string) {
  const res = await ctx.clients.admin.get(path);
  return (res.body as Array<{ id: number; username: string }>).find((a) => a.username === email)?.id;
}

async function feeHeadId(ctx: Ctx, name: string) {
  const res = await ctx.clients.admin.get('/api/getfee');
  return (res.body as Array<{ Id: number; FeeId: string }>).find((h) => h.FeeId === name)?.Id;
}

async function batchIdByName(ctx: Ctx, name: string): Promise<number> {
  const res = await ctx.clients.admin.get('/api/blist/100');
  const batch = (res.body as Array<{ batch_id: number; name: string }>).find((b) => b.name === name);
  if (!batch) throw new Error(`no batch ${name}`);
  return batch.batch_id;
}

const FIXTURE_RECEIPT_ROW = (fx: Fixture) => ({
  inv_date: '2025-07-01',
  invoice_no: fx.ug.receiptNumber,
  student_name: 'Anjali Menon',
  adm_no: 'UG-001',
  batch: '2025-2028',
  cours_desc: 'BA English',
  total_amt: rupees(FIXTURE_AMOUNTS.paidTuition),
});

const UG_FIXTURE_FEE = FIXTURE_AMOUNTS.tuition + FIXTURE_AMOUNTS.exam;
const UG_FIXTURE_DISCOUNT = FIXTURE_AMOUNTS.tuitionDiscount + FIXTURE_AMOUNTS.tuitionAdjustment;

const CONTRACTS: Contract[] = [
  // Fee plans and dues as of a date
  {
    method: 'GET',
    path: '/v2/plans',
    outsiderStatus: 404,
    call: (ctx) => ({ fields: { batchId: ctx.fx.ug.batchId } }),
    check: (res, ctx) =>
      expect(res.body).toEqual({
        batchId: ctx.fx.ug.batchId,
        fineRule: { type: 'none', graceDays: 0, amount: null, perDay: null, cap: null, percent: null },
        instalments: [
          {
            id: 'v-2025-06-01',
            name: 'Fees from 2025-06-01',
            dueDate: '2025-06-01',
            fineRule: { type: 'none', graceDays: 0, amount: null, perDay: null, cap: null, percent: null },
            heads: [
              { feeId: ctx.fx.heads.tuition, feeHead: 'Tuition Fee', amount: rupees(FIXTURE_AMOUNTS.tuition) },
              { feeId: ctx.fx.heads.exam, feeHead: 'Exam Fee', amount: rupees(FIXTURE_AMOUNTS.exam) },
            ],
          },
        ],
      }),
  },
  {
    method: 'GET',
    path: '/v2/dues',
    call: () => ({ fields: { depId: 100, asOf: '2026-01-01', admNo: 'UG-001' } }),
    check: (res) => {
      expect(res.body.asOf).toBe('2026-01-01');
      expect(res.body.students).toHaveLength(1);
      expect(res.body.students[0]).toMatchObject({
        admNo: 'UG-001',
        name: 'Anjali Menon',
        fine: { outstanding: '0.00' },
      });
      expect(res.body.students[0].outstanding).toBe(
        rupees(UG_FIXTURE_FEE - UG_FIXTURE_DISCOUNT - FIXTURE_AMOUNTS.paidTuition),
      );
    },
  },
  {
    method: 'GET',
    path: '/v2/messages',
    call: () => ({ fields: { depId: 100, admNo: 'UG-001', status: 'sent' } }),
    // No channel is configured in this suite: the outbox is empty (rest/messages.test.ts lists one).
    check: (res) => expect(res.body).toEqual([]),
  },
  {
    method: 'POST',
    path: '/v2/payment-links',
    call: () => ({ fields: { depId: 100, admNo: 'UG-001', amount: 250 } }),
    check: (res) => expect(res.body).toMatchObject({ amountPaise: 250_00, status: 'created' }),
  },
  {
    method: 'GET',
    path: '/v2/payment-links',
    call: async (ctx) => {
      await ctx.clients.ugStaff.post('/v2/payment-links', { depId: 100, admNo: 'UG-001', amount: 300 });
      return { fields: { depId: 100, admNo: 'UG-001' } };
    },
    check: (res) =>
      expect(res.body.map((l: { amountPaise: number }) => l.amountPaise)).toEqual(expect.arrayContaining([300_00])),
  },
  {
    method: 'POST',
    path: '/v2/payment-links/refresh',
    call: () => ({ fields: { depId: 100 } }),
    check: (res) => expect(res.body).toMatchObject({ failed: 0 }),
  },
  {
    method: 'GET',
    path: '/v2/settlements',
    // The merchant account is every department's: PG's accountant reads it too; a cashier may not.
    outsider: 'cashier',
    call: async ({ clients }) => {
      await clients.admin.post('/v2/settlements/fetch', { from: '2019-09-11', to: '2019-09-11' });
      return { fields: { from: '2019-09-11', to: '2019-09-11' } };
    },
    check: (res) => {
      expect(res.body.settlements).toEqual([
        expect.objectContaining({ settlementId: 'setl_DGlQ1Rj8os78Ec', utr: '1568176960vxp0rj', netPaise: -244_684 }),
      ]);
      expect(res.body.exceptions).toEqual([
        expect.objectContaining({ kind: 'no_receipt', paymentId: 'pay_DEXrnipqTmWVGE' }),
      ]);
    },
  },
  {
    method: 'POST',
    path: '/v2/settlements/fetch',
    outsider: 'cashier',
    call: () => ({ fields: { from: '2019-09-10', to: '2019-09-11' } }),
    check: (res) => expect(res.body).toMatchObject({ lines: 4, settlements: 1 }),
  },
  {
    method: 'POST',
    path: '/v2/family-links',
    call: () => ({ fields: { depId: 100, admNo: 'UG-001' } }),
    check: (res) => expect(res.body.url).toMatch(/^https:\/\/fees\.example\.org\/family\/\d+-1-[0-9a-f]{32}$/),
  },
  {
    method: 'POST',
    path: '/v2/bank-statements',
    call: () => ({ fields: statementUpload('contract-post.csv') }),
    check: (res) => expect(res.body).toMatchObject({ alreadyImported: false, added: 1, repeated: 0 }),
  },
  {
    method: 'GET',
    path: '/v2/bank-statements',
    call: async (ctx) => {
      const imported = await ctx.clients.ugStaff.post('/v2/bank-statements', statementUpload('contract-get.csv'));
      return { fields: { depId: 100, statementId: imported.body.statementId } };
    },
    check: (res) => expect(res.body.totals.all).toEqual({ count: 1, amount: '1250.00' }),
  },
  {
    method: 'GET',
    path: '/v2/daybook',
    call: () => ({ fields: { depId: 100, date: '2025-07-01' } }),
    check: (res) => {
      const paid = rupees(FIXTURE_AMOUNTS.paidTuition);
      expect(res.body).toEqual({
        date: '2025-07-01',
        closed: false,
        closedBy: null,
        byUser: [
          {
            email: null,
            receipts: 1,
            total: paid,
            byMode: {
              cash: paid,
              upi: '0.00',
              cheque: '0.00',
              bank: '0.00',
              card: '0.00',
              online: '0.00',
              advance: '0.00',
            },
          },
        ],
        voided: [],
        refunds: [],
        cashToHandOver: paid,
      });
    },
  },
  {
    method: 'GET',
    path: '/v2/ledger',
    call: async ({ server }) => {
      await transaction(server.db, (tx) =>
        insertDayClosing(tx, { departmentId: 100, date: '2025-07-01', closedBy: null }),
      );
      return { fields: { depId: 100, from: '2025-07-01', to: '2025-07-01' } };
    },
    check: (res) => {
      const paid = rupees(FIXTURE_AMOUNTS.paidTuition);
      expect(
        res.body.map((r: { ledger: string; debit: string; credit: string }) => [r.ledger, r.debit, r.credit]),
      ).toEqual([
        ['Cash', paid, '0.00'],
        ['Tuition Fee', '0.00', paid],
      ]);
    },
  },
  {
    method: 'GET',
    path: '/v2/tally',
    call: async ({ server }) => {
      await transaction(server.db, (tx) =>
        insertDayClosing(tx, { departmentId: 100, date: '2025-07-01', closedBy: null }),
      );
      return { fields: { depId: 100, from: '2025-07-01', to: '2025-07-01', granularity: 'day' } };
    },
    check: (res) => {
      expect(res.headers.get('content-type')).toContain('application/xml');
      expect(res.text).toContain('<VOUCHERNUMBER>DR20250701-CASH</VOUCHERNUMBER>');
    },
  },
  // Sessions and reference data
  {
    method: 'POST',
    path: '/login/',
    call: () => ({ fields: { email: 'admin@test.local', password: TEST_PASSWORD } }),
    check: (res) =>
      expect(res.body).toEqual({ auth: true, role: 'admin', message: 'Signed in', depId: null, department: 'ADM' }),
  },
  {
    method: 'POST',
    path: '/deplogin/',
    call: () => ({ fields: { email: 'pg@test.local', password: TEST_PASSWORD, depId: 101 } }),
    check: (res) =>
      expect(res.body).toEqual({ auth: true, role: 'user', message: 'Signed in', depId: 101, department: 'PG' }),
  },
  {
    method: 'POST',
    path: '/logout',
    call: () => ({}),
    check: (res) => expect(res.body).toEqual({ state: 'Success' }),
  },
  {
    method: 'GET',
    path: '/api/getdepartment/',
    call: () => ({}),
    check: (res) => {
      expect(res.body).toHaveLength(6);
      expect(res.body[0]).toEqual({ DepId: 100, DepName: 'Arts and Science UG' });
    },
  },
  {
    method: 'GET',
    path: '/api/depinfo/:depId',
    as: 'ugStaff',
    call: () => ({ path: '/api/depinfo/101' }),
    check: (res) =>
      expect(res.body).toEqual([
        { id: 2000, course: 'MA English' },
        { id: 2001, course: 'MSc Physics' },
        { id: 2002, course: 'M.Com' },
        { id: 2003, course: 'MSW' },
      ]),
  },
  {
    method: 'GET',
    path: '/api/getgrp/',
    as: 'ugStaff',
    call: () => ({}),
    check: (res) =>
      expect(res.body.map((c: { cat_name: string }) => c.cat_name)).toEqual([
        'General',
        'OBC',
        'SC',
        'ST',
        'EWS',
        'OEC',
      ]),
  },
  {
    method: 'GET',
    path: '/api/religion/',
    as: 'ugStaff',
    call: () => ({}),
    check: (res) => expect(res.body.map((r: { description: string }) => r.description)).toContain('Christian'),
  },
  {
    method: 'GET',
    path: '/api/getfee',
    as: 'ugStaff',
    call: () => ({}),
    check: (res, { fx }) => {
      expect(res.body).toContainEqual({ Id: fx.heads.tuition, FeeId: 'Tuition Fee' });
      expect(res.body).toContainEqual({ Id: fx.heads.exam, FeeId: 'Exam Fee' });
    },
  },
  {
    method: 'GET',
    path: '/v2/heads',
    as: 'ugStaff',
    call: () => ({}),
    check: (res, { fx }) => {
      expect(res.body).toContainEqual(
        expect.objectContaining({
          id: fx.heads.tuition,
          name: 'Tuition Fee',
          gst: { treatment: 'exempt', rate: '0.00', code: null },
        }),
      );
    },
  },

  // Department home
  {
    method: 'GET',
    path: '/home/dayamt',
    call: () => ({ fields: { depId: 100 } }),
    // The fixture's receipt is dated 2025-07-01, not today; the scenario test pays one today.
    check: (res) => expect(res.body).toEqual({ Result: [{ total_amount: '0.00' }] }),
  },
  ...(
    [
      ['/home/ugdata', 'ugStaff', 'pgStaff', { custom_course: 'BA English', total_admissions: 1 }, 13],
      ['/home/pgdata', 'pgStaff', 'ugStaff', { custom_course: 'MA English', total_admissions: 1 }, 4],
      ['/home/hicdata', 'admin', 'ugStaff', { custom_course: 'Diploma in Health Inspector', total_admissions: 0 }, 1],
      [
        '/home/ttcdata',
        'admin',
        'ugStaff',
        { custom_course: 'Diploma in Elementary Education', total_admissions: 0 },
        1,
      ],
      ['/home/bedData', 'admin', 'pgStaff', { custom_course: 'B.Ed English', total_admissions: 0 }, 6],
      ['/home/emsdata', 'admin', 'ugStaff', { custom_course: 'English Medium School', total_admissions: 0 }, 1],
    ] as const
  ).map(
    ([path, as, outsider, row, courses]): Contract => ({
      method: 'GET',
      path,
      as,
      outsider,
      call: () => ({}),
      check: (res) => {
        expect(res.body).toHaveLength(courses);
        expect(res.body).toContainEqual(row);
      },
    }),
  ),

  // Reads of the fixture's UG student and receipt
  {
    method: 'GET',
    path: '/api/getinfo',
    call: () => ({ fields: { Id: 'UG-001', depId: 100, subId: 1003 } }),
    check: (res, { fx }) =>
      expect(res.body.Result).toEqual([
        {
          id: fx.ug.studentId,
          admNo: 'UG-001',
          batchId: fx.ug.batchId,
          batch: '2025-2028',
          courseId: 1003,
          course: 'BA English',
          depId: 100,
          name: 'Anjali Menon',
          address: '12 Temple Road, Thrissur',
          phone: '9847000001',
          email: null,
          capId: 'CAP001',
          admDate: '2025-06-10',
          dob: '2007-04-02',
          sex: 'Female',
          admType: 'General',
          adharNo: null,
          parent: null,
          zip: null,
        },
      ]),
  },
  {
    method: 'GET',
    path: '/api/list',
    call: () => ({ fields: { depId: 100, courseId: 1003 } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          id: fx.ug.studentId,
          admNo: 'UG-001',
          name: 'Anjali Menon',
          capId: 'CAP001',
          phone: '9847000001',
          admDate: '2025-06-10',
          batchId: fx.ug.batchId,
          batch: '2025-2028',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/api/admbyid',
    call: ({ fx }) => ({ fields: { depId: 100, courseId: 1003, batchId: fx.ug.batchId } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          id: fx.ug.studentId,
          admNo: 'UG-001',
          name: 'Anjali Menon',
          capId: 'CAP001',
          phone: '9847000001',
          admDate: '2025-06-10',
        },
      ]),
  },
  {
    method: 'POST',
    path: '/search/student/',
    call: () => ({ fields: { depId: 100, courseId: 1003, sText: 'anjali' } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          id: fx.ug.studentId,
          admNo: 'UG-001',
          name: 'Anjali Menon',
          address: '12 Temple Road, Thrissur',
          capId: 'CAP001',
          batchId: fx.ug.batchId,
          batch: '2025-2028',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/inv/master',
    call: ({ fx }) => ({ fields: { invNo: fx.ug.receiptNumber } }),
    check: (res, { fx }) =>
      expect(res.body.Result).toEqual([
        {
          invoice_no: fx.ug.receiptNumber,
          inv_date: '2025-07-01',
          depId: 100,
          dep_name: 'Arts and Science UG',
          courseId: 1003,
          cours_desc: 'BA English',
          adm_no: 'UG-001',
          batch: '2025-2028',
          student_name: 'Anjali Menon',
          address: '12 Temple Road, Thrissur',
          phone: '9847000001',
          email: null,
          total_amt: '10000.00',
          tax_amt: '0.00',
          net_amt: '10000.00',
          status: 'live',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/inv/details',
    call: ({ fx }) => ({ fields: { invNo: fx.ug.receiptNumber } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          fee_id: fx.heads.tuition,
          fee_type: 'Tuition Fee',
          description: 'First instalment',
          fee_amt: '10000.00',
          batch: '2025-2028',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/rpt/rcptfee',
    call: ({ fx }) => ({ fields: { invNo: fx.ug.receiptNumber } }),
    check: (res) =>
      expect(res.body).toEqual([
        { adm_no: 'UG-001', fee_type: 'Tuition Fee', description: 'First instalment', fee_amt: '10000.00' },
      ]),
  },
  {
    method: 'GET',
    path: '/inv/blsbyid',
    call: ({ fx }) => ({ fields: { batch_id: fx.ug.batchId, adm_no: 'UG-001' } }),
    outsiderStatus: 404,
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          fee_id: fx.heads.tuition,
          fee_head: 'Tuition Fee',
          fee_amount: '25000.00',
          total_discount: '2500.00',
          total_payment: '10000.00',
          total_balance: '12500.00',
        },
        {
          fee_id: fx.heads.exam,
          fee_head: 'Exam Fee',
          fee_amount: '1500.00',
          total_discount: '0.00',
          total_payment: '0.00',
          total_balance: '1500.00',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/inv/duesbyid',
    call: () => ({ fields: { depId: 100, subId: 1003 } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          batchId: fx.ug.batchId,
          batch: '2025-2028',
          name: 'Anjali Menon',
          admNo: 'UG-001',
          capId: 'CAP001',
          total_fee_amount: rupees(UG_FIXTURE_FEE),
          total_discount: rupees(UG_FIXTURE_DISCOUNT),
          total_paid_amount: rupees(FIXTURE_AMOUNTS.paidTuition),
          balance: rupees(UG_FIXTURE_FEE - UG_FIXTURE_DISCOUNT - FIXTURE_AMOUNTS.paidTuition),
        },
      ]),
  },
  {
    method: 'GET',
    path: '/inv/rcptbydt',
    call: () => ({ fields: { dtFrom: '2025-07-01', dtTo: '2025-07-01', depId: 100 } }),
    check: (res, { fx }) => expect(res.body).toEqual([FIXTURE_RECEIPT_ROW(fx)]),
  },
  {
    method: 'POST',
    path: '/rpt/invoice',
    call: () => ({ fields: { depId: 100, courseId: 1003, course: 'BA English', sTex: '' } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          invoice_no: fx.ug.receiptNumber,
          adm_no: 'UG-001',
          batch: '2025-2028',
          inv_date: '2025-07-01',
          student_name: 'Anjali Menon',
          address: '12 Temple Road, Thrissur',
          inv_total: '10000.00',
        },
      ]),
  },
  {
    method: 'POST',
    path: '/rpt/finfo',
    call: () => ({ fields: { depId: 100, courseId: 1003, course: 'BA English', sTex: 'UG-001' } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          batchId: fx.ug.batchId,
          batch: '2025-2028',
          name: 'Anjali Menon',
          admNo: 'UG-001',
          capId: 'CAP001',
          total_fee_amount: rupees(UG_FIXTURE_FEE),
          total_discount: rupees(UG_FIXTURE_DISCOUNT),
          final_fee_amount: rupees(UG_FIXTURE_FEE - UG_FIXTURE_DISCOUNT),
        },
      ]),
  },
  {
    method: 'GET',
    path: '/api/getfh',
    call: ({ fx }) => ({ fields: { batch_id: fx.ug.batchId } }),
    outsiderStatus: 404,
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        { fee_id: fx.heads.tuition, fee_head: 'Tuition Fee', fee_amt: '25000.00' },
        { fee_id: fx.heads.exam, fee_head: 'Exam Fee', fee_amt: '1500.00' },
      ]),
  },
  {
    method: 'GET',
    path: '/api/getfedit',
    call: ({ fx }) => ({ fields: { id: fx.ug.feeStructureIds[0] } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual({
        id: fx.ug.feeStructureIds[0],
        fee_id: fx.heads.tuition,
        fee_head: 'Tuition Fee',
        batch_id: fx.ug.batchId,
        batch: '2025-2028',
        course: 'BA English',
        beg_date: '2025-06-01',
        end_date: '2026-03-31',
        fee_amt: '25000.00',
        optional: false,
        depId: 100,
        course_id: 1003,
      }),
  },
  {
    method: 'GET',
    path: '/api/getfs/:depId',
    call: () => ({ path: '/api/getfs/100' }),
    check: (res, { fx }) => {
      expect(res.body).toHaveLength(2);
      expect(res.body[1]).toEqual({
        id: fx.ug.feeStructureIds[1],
        fee_id: fx.heads.exam,
        fee_head: 'Exam Fee',
        batch_id: fx.ug.batchId,
        batch: '2025-2028',
        course: 'BA English',
        beg_date: '2025-06-01',
        end_date: '2026-03-31',
        fee_amt: '1500.00',
        optional: false,
        course_id: 1003,
        batch_total: '26500.00',
      });
    },
  },
  {
    method: 'GET',
    path: '/api/blist/:depId',
    call: () => ({ path: '/api/blist/100' }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          batch_id: fx.ug.batchId,
          name: '2025-2028',
          course_id: 1003,
          course: 'BA English',
          dtFrom: '2025-06-01',
          dtTo: '2028-03-31',
          dep_id: 100,
          student_count: 1,
          fee_total: '26500.00',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/api/bedtinfo',
    call: ({ fx }) => ({ fields: { batchId: fx.ug.batchId } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual({
        batch_id: fx.ug.batchId,
        name: '2025-2028',
        course_id: 1003,
        course: 'BA English',
        dtFrom: '2025-06-01',
        dtTo: '2028-03-31',
        dep_id: 100,
      }),
  },
  {
    method: 'GET',
    path: '/api/bcourse/:courseId',
    call: () => ({ path: '/api/bcourse/1003' }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          batch_id: fx.ug.batchId,
          name: '2025-2028',
          course_id: 1003,
          course: 'BA English',
          dtFrom: '2025-06-01',
          dtTo: '2028-03-31',
          dep_id: 100,
        },
      ]),
  },
  {
    method: 'GET',
    path: '/api/getdisc',
    call: () => ({ fields: { id: 100 } }),
    check: (res, { fx }) =>
      expect(res.body).toEqual([
        {
          id: fx.ug.discountId,
          adm_no: 'UG-001',
          adm_name: 'Anjali Menon',
          batch_id: fx.ug.batchId,
          batch: '2025-2028',
          course_id: 1003,
          course_name: 'BA English',
          dep_id: 100,
          dep_name: 'Arts and Science UG',
          fee_id: fx.heads.tuition,
          fee_head: 'Tuition Fee',
          con_amt: '2000.00',
          less_amt: '500.00',
          remark: 'Merit',
        },
      ]),
  },
  {
    method: 'GET',
    path: '/api/getdisinfo',
    call: ({ fx }) => ({ fields: { ID: fx.ug.discountId } }),
    check: (res, { fx }) =>
      expect(res.body.Result).toEqual([
        expect.objectContaining({
          id: fx.ug.discountId,
          adm_no: 'UG-001',
          con_amt: '2000.00',
          less_amt: '500.00',
          remark: 'Merit',
        }),
      ]),
  },

  // Accounts
  {
    method: 'GET',
    path: '/getadm/',
    call: () => ({}),
    check: (res) => expect(res.body).toEqual([{ id: expect.any(Number), username: 'admin@test.local' }]),
  },
  {
    method: 'GET',
    path: '/getuser',
    call: () => ({}),
    check: (res) =>
      expect(res.body).toEqual([
        { id: expect.any(Number), username: 'admin@test.local', usertype: '1', depname: null },
        { id: expect.any(Number), username: 'ug@test.local', usertype: '2', depname: 'Arts and Science UG' },
        { id: expect.any(Number), username: 'pg@test.local', usertype: '2', depname: 'Arts and Science PG' },
        { id: expect.any(Number), username: 'cashier@test.local', usertype: '2', depname: 'Arts and Science UG' },
        { id: expect.any(Number), username: 'viewer@test.local', usertype: '2', depname: 'Arts and Science UG' },
        { id: expect.any(Number), username: 'auditor@test.local', usertype: '2', depname: null },
      ]),
  },
  {
    method: 'POST',
    path: '/regadm/',
    call: () => ({ fields: { email: 'second.admin@test.local', ...PW } }),
    check: async (res, { server }) => {
      expect(res.body).toEqual({ Result: 'SAVED', Message: 'Admin account second.admin@test.local created' });
      await server.signInWith({ email: 'second.admin@test.local', password: PW.pwd1 });
    },
  },
  {
    method: 'PUT',
    path: '/edtadm/',
    call: async (ctx) => {
      await ctx.clients.admin.post('/regadm/', { email: 'third.admin@test.local', ...PW });
      return {
        fields: {
          userId: await idOfAccount(ctx, '/getadm/', 'third.admin@test.local'),
          email: 'third.admin@test.local',
          pwd1: 'changed1',
          pwd2: 'changed1',
          chk1: true,
        },
      };
    },
    check: async (res, { server }) => {
      expect(res.body).toEqual({ Result: 'SAVED', Message: 'Password changed for third.admin@test.local' });
      await server.signInWith({ email: 'third.admin@test.local', password: 'changed1' });
    },
  },
  {
    method: 'POST',
    path: '/reguser/',
    call: () => ({
      fields: { options: 'user', depId: 104, depName: 'Bachelor of Education', email: 'bed.clerk@test.local', ...PW },
    }),
    check: async (res, { server }) => {
      expect(res.body).toEqual({ Result: 'SAVED', Message: 'User bed.clerk@test.local created' });
      await server.signInWith({ email: 'bed.clerk@test.local', password: PW.pwd1, depId: 104 });
    },
  },
  {
    method: 'PUT',
    path: '/edtuser/',
    call: async (ctx) => {
      await ctx.clients.admin.post('/reguser/', { options: 'user', depId: 105, email: 'ems.clerk@test.local', ...PW });
      return {
        fields: {
          userId: await idOfAccount(ctx, '/getuser', 'ems.clerk@test.local'),
          email: 'ems.clerk@test.local',
          pwd1: 'changed2',
          pwd2: 'changed2',
          chk1: true,
        },
      };
    },
    check: async (res, { server }) => {
      expect(res.body).toEqual({ Result: 'SAVED', Message: 'Password changed for ems.clerk@test.local' });
      await server.signInWith({ email: 'ems.clerk@test.local', password: 'changed2', depId: 105 });
    },
  },

  {
    method: 'POST',
    path: '/v2/users',
    call: () => ({
      fields: {
        email: 'Desk.Two@test.local',
        password: 'desk1234',
        name: 'Lakshmi R',
        role: 'cashier',
        depIds: [102, 100],
      },
    }),
    check: async (res, { server }) => {
      expect(res.body).toEqual({
        id: expect.any(Number),
        email: 'desk.two@test.local',
        name: 'Lakshmi R',
        role: 'cashier',
        depIds: [100, 102],
      });
      const cashier = await server.signInWith({ email: 'desk.two@test.local', password: 'desk1234', depId: 102 });
      // A cashier takes receipts but does not read the department's reports.
      expect((await cashier.get('/v2/daybook', { depId: 102, date: '2025-08-01' })).status).toBe(200);
      expect((await cashier.get('/v2/messages', { depId: 102 })).status).toBe(403);
    },
  },

  // Writes: students
  {
    method: 'POST',
    path: '/api/register',
    call: ({ fx }) => ({ fields: registration(fx, 'UG-101') }),
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ Status: 'OK', id: expect.any(Number), admNo: 'UG-101' });
      const info = await clients.ugStaff.get('/api/getinfo', { Id: 'UG-101', depId: 100, subId: 1003 });
      expect(info.body.Result[0]).toMatchObject({
        name: 'Student UG-101',
        admType: 'OBC',
        adharNo: 'Christian',
        sex: 'Male',
        parent: 'Parent Name',
        zip: 'Kottayam guardian',
        admDate: '2025-06-12',
        dob: '2007-05-20',
      });
    },
  },
  {
    method: 'PUT',
    path: '/api/regedit/:admNo',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-102');
      return {
        path: '/api/regedit/UG-102',
        fields: registration(ctx.fx, 'UG-102', { phone: '9000000002', regno: 'UG-102A' }),
      };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ Status: 'OK', id: expect.any(Number), admNo: 'UG-102A' });
      const info = await clients.ugStaff.get('/api/getinfo', { Id: 'UG-102A', depId: 100, subId: 1003 });
      expect(info.body.Result[0]).toMatchObject({ phone: '9000000002', admNo: 'UG-102A' });
    },
  },
  {
    method: 'DELETE',
    path: '/api/regdel/:admNo',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-103');
      return { path: '/api/regdel/UG-103', fields: { depId: 100, subId: 1003 } };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ Status: 'Success' });
      expect((await clients.ugStaff.get('/api/getinfo', { Id: 'UG-103', depId: 100, subId: 1003 })).status).toBe(404);
    },
  },

  // Writes: receipts
  {
    method: 'POST',
    path: '/inv/register',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-201');
      return { fields: receipt(ctx, 'UG-201', '600.50') };
    },
    check: async (res, ctx) => {
      const { clients, server } = ctx;
      expect(res.body).toEqual({
        message: 'Receipt saved',
        invoice: expect.any(Number),
        total_amt: '600.50',
        tax_amt: '0.00',
        net_amt: '600.50',
      });
      const master = await clients.ugStaff.get('/inv/master', { invNo: res.body.invoice });
      expect(master.body.Result[0]).toMatchObject({
        adm_no: 'UG-201',
        inv_date: '2025-08-01',
        total_amt: '600.50',
        phone: '9847011111',
      });
      // Dated before the back-dating limit while such receipts wait: 202 with the request, no number.
      const approvals = { void: false, refund: false, waiver: false, reopenDay: false, discountAbovePaise: null };
      await server.db.update(settings).set({ backdateLimitDays: 30 }).where(eq(settings.id, 1));
      await clients.admin.put('/v2/settings/approvals', { ...approvals, backdated: true });
      try {
        const held = await clients.ugStaff.post(
          '/inv/register',
          receipt(ctx, 'UG-201', '100.00', { reason: 'Paid in August, entered late' }),
        );
        expect(held.status, held.text).toBe(202);
        expect(responseProblems(routeOf('POST', '/inv/register'), held.body)).toEqual([]);
        expect(held.body).toEqual({ message: 'Sent for approval', requestId: expect.any(Number) });
        const rejected = await clients.admin.post(`/v2/approvals/${held.body.requestId}/reject`, {
          reason: 'Only the contract asked',
        });
        expect(rejected.status).toBe(200);
      } finally {
        await clients.admin.put('/v2/settings/approvals', { ...approvals, backdated: false });
        await server.db.update(settings).set({ backdateLimitDays: 3650 }).where(eq(settings.id, 1));
      }
    },
  },
  {
    method: 'PUT',
    path: '/inv/edit',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-202');
      const invoice = await issueReceipt(ctx, 'UG-202', '400.00');
      return { fields: { invoice, ...receipt(ctx, 'UG-202', '450.00', { date: '2025-08-02' }) } };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ message: 'Receipt updated', invoice: expect.any(Number) });
      const details = await clients.ugStaff.get('/inv/details', { invNo: res.body.invoice });
      expect(details.body).toEqual([expect.objectContaining({ fee_type: 'Exam Fee', fee_amt: '450.00' })]);
    },
  },
  {
    method: 'DELETE',
    path: '/inv/del',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-203');
      return { fields: { invNo: await issueReceipt(ctx, 'UG-203', '300.00') } };
    },
    check: async (res, { clients, fx }) => {
      expect(res.body).toEqual({ message: 'Data deleted successfully', invoice: expect.any(Number) });
      const balance = await clients.ugStaff.get('/inv/blsbyid', { batch_id: fx.ug.batchId, adm_no: 'UG-203' });
      expect(balance.body).toContainEqual(
        expect.objectContaining({ fee_head: 'Exam Fee', total_payment: '0.00', total_balance: '1500.00' }),
      );
    },
  },

  // Writes: batches, fee structures, discounts
  {
    method: 'POST',
    path: '/api/rgbatch/',
    call: () => ({
      fields: {
        bname: '2026-2029',
        name2: 'BA English',
        cmbcrs: 1003,
        depid: 100,
        dt1: '2026-06-01',
        dt2: '2029-03-31',
      },
    }),
    check: async (res, ctx) => {
      expect(res.body).toEqual({
        Result: 'SAVED',
        Message: 'Batch 2026-2029 of BA English saved',
        batch_id: expect.any(Number),
      });
      expect(await batchIdByName(ctx, '2026-2029')).toBe(res.body.batch_id);
    },
  },
  {
    method: 'PUT',
    path: '/api/bedit/',
    call: async (ctx) => {
      await ctx.clients.admin.post('/api/rgbatch/', {
        bname: '2027-2030',
        name2: 'BCA',
        cmbcrs: 1008,
        depid: 100,
        dt1: '2027-06-01',
        dt2: '2030-03-31',
      });
      const batchId = await batchIdByName(ctx, '2027-2030');
      return {
        fields: {
          batchId,
          bname: '2027-2031',
          name2: 'BCA',
          cmbcrs: 1008,
          depid: 100,
          dt1: '2027-06-01',
          dt2: '2031-03-31',
        },
      };
    },
    check: async (res, ctx) => {
      expect(res.body).toEqual({ Result: 'UPDATED', Message: 'Batch 2027-2031 of BCA updated' });
      const info = await ctx.clients.admin.get('/api/bedtinfo', { batchId: await batchIdByName(ctx, '2027-2031') });
      expect(info.body).toMatchObject({ name: '2027-2031', dtTo: '2031-03-31', course: 'BCA' });
    },
  },
  {
    method: 'POST',
    path: '/api/regfee',
    call: async (ctx) => {
      await ctx.clients.admin.post('/api/rgbatch/', {
        bname: '2028-2031',
        name2: 'BBA',
        cmbcrs: 1007,
        depid: 100,
        dt1: '2028-06-01',
        dt2: '2031-03-31',
      });
      const batchId = await batchIdByName(ctx, '2028-2031');
      return {
        fields: {
          depId: 100,
          feeId: await feeHeadId(ctx, 'Library Fee'),
          cmbBatch: batchId,
          course: 'BBA',
          dt1: '2028-06-01',
          dt2: '2029-03-31',
          fhead: 'Library Fee',
          amt: '750.5',
          optional: true,
        },
      };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({
        Result: 'SAVED',
        Message: 'Library Fee saved for batch 2028-2031 (BBA)',
        id: expect.any(Number),
      });
      const saved = await clients.admin.get('/api/getfedit', { id: res.body.id });
      expect(saved.body).toMatchObject({
        fee_head: 'Library Fee',
        fee_amt: '750.50',
        beg_date: '2028-06-01',
        end_date: '2029-03-31',
        optional: true,
      });
    },
  },
  {
    method: 'PUT',
    path: '/api/fedit/:id',
    call: async (ctx) => {
      const batchId = await batchIdByName(ctx, '2026-2029');
      const fields = {
        depId: 100,
        feeId: await feeHeadId(ctx, 'Sports Fee'),
        cmbBatch: batchId,
        course: 'BA English',
        dt1: '2026-06-01',
        dt2: '2027-03-31',
        fhead: 'Sports Fee',
        amt: '200',
      };
      const created = await ctx.clients.admin.post('/api/regfee', fields);
      return { path: `/api/fedit/${created.body.id}`, fields: { ...fields, amt: '250.75', dt2: '2027-05-31' } };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ Result: 'SAVED', Message: 'Sports Fee updated for batch 2026-2029 (BA English)' });
      const list = await clients.admin.get('/api/getfs/100');
      expect(list.body).toContainEqual(
        expect.objectContaining({
          fee_head: 'Sports Fee',
          fee_amt: '250.75',
          end_date: '2027-05-31',
          batch_total: '250.75',
        }),
      );
    },
  },
  {
    method: 'POST',
    path: '/api/regndis',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-301');
      return {
        fields: {
          name: 'Student UG-301',
          depid: 100,
          subid: 1003,
          feeid: ctx.fx.heads.exam,
          admno: 'UG-301',
          disamt: '100',
          lessamt: '50.25',
          note: 'Sibling',
        },
      };
    },
    check: async (res, { clients, fx }) => {
      expect(res.body).toEqual({
        Result: 'Sucess',
        Message: 'Discount saved for Student UG-301 (UG-301) on Exam Fee',
        id: expect.any(Number),
      });
      const again = await clients.admin.post('/api/regndis', {
        name: 'Student UG-301',
        depid: 100,
        subid: 1003,
        feeid: fx.heads.exam,
        admno: 'UG-301',
        disamt: '1',
        lessamt: '0',
        note: '',
      });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ Result: 'DUP', Message: expect.stringContaining('already') });
      const balance = await clients.ugStaff.get('/inv/blsbyid', { batch_id: fx.ug.batchId, adm_no: 'UG-301' });
      expect(balance.body).toContainEqual(
        expect.objectContaining({ fee_head: 'Exam Fee', total_discount: '150.25', total_balance: '1349.75' }),
      );
    },
  },
  {
    method: 'PUT',
    path: '/api/edtdisc',
    call: async (ctx) => {
      await registerStudent(ctx, 'UG-302');
      const fields = {
        name: 'Student UG-302',
        depid: 100,
        subid: 1003,
        feeid: ctx.fx.heads.tuition,
        admno: 'UG-302',
        disamt: '1000',
        lessamt: '0',
        note: '',
      };
      const created = await ctx.clients.admin.post('/api/regndis', fields);
      return { fields: { ID: created.body.id, ...fields, disamt: '1200', note: 'Revised' } };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({
        Result: 'SAVED',
        Message: 'Discount updated for Student UG-302 (UG-302) on Tuition Fee',
      });
      const list = await clients.admin.get('/api/getdisc', { id: 100 });
      expect(list.body).toContainEqual(
        expect.objectContaining({ adm_no: 'UG-302', con_amt: '1200.00', less_amt: '0.00', remark: 'Revised' }),
      );
    },
  },

  // Backup
  {
    method: 'GET',
    path: '/search/backup/',
    call: () => ({ fields: { bFile: 'backup_2025-09-01.sql' } }),
    // An SQLite dump of the file; PostgreSQL backups are pg_dump's.
    sqliteOnly: true,
    check: async (res, { server }) => {
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="backup_2025-09-01.sql"');
      expect(res.headers.get('content-type')).toContain('application/sql');
      const copy = new Sqlite(':memory:');
      copy.exec(res.text);
      const count = (db: Sqlite.Database, table: string) =>
        (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
      for (const table of ['students', 'receipts', 'receipt_lines', 'discounts', 'users']) {
        expect(count(copy, table), table).toBe(count(server.db.$client, table));
      }
      expect(copy.prepare("select name from students where admission_no = 'UG-001'").pluck().get()).toBe(
        'Anjali Menon',
      );
      copy.close();
    },
  },
  // Maker and checker: void approval is turned on for one request, then off again for the paths below.
  {
    method: 'PUT',
    path: '/v2/settings/approvals',
    call: () => ({
      fields: {
        void: false,
        refund: false,
        waiver: false,
        reopenDay: false,
        backdated: false,
        discountAbovePaise: null,
      },
    }),
    check: (res) =>
      expect(res.body).toEqual({
        void: false,
        refund: false,
        waiver: false,
        reopenDay: false,
        backdated: false,
        discountAbovePaise: null,
      }),
  },
  {
    method: 'GET',
    path: '/v2/approvals',
    call: async (ctx) => {
      await voidRequest(ctx, 'UG-210');
      return { fields: { depId: 100, status: 'pending' } };
    },
    check: (res) =>
      expect(res.body).toContainEqual(
        expect.objectContaining({ operation: 'void', amount: '300.00', admNo: 'UG-210', requestedBy: 'ug@test.local' }),
      ),
  },
  {
    method: 'POST',
    path: '/v2/approvals/:id/approve',
    // The requester is UG's accountant, who may not decide their own request.
    as: 'admin',
    outsider: 'pgStaff',
    call: async (ctx) => ({ path: `/v2/approvals/${await voidRequest(ctx, 'UG-211')}/approve` }),
    check: (res) => expect(res.body).toMatchObject({ status: 'approved', message: expect.stringMatching(/ voided$/) }),
  },
  {
    method: 'POST',
    path: '/v2/approvals/:id/reject',
    // The requester is UG's accountant, who may not decide their own request.
    as: 'admin',
    outsider: 'pgStaff',
    call: async (ctx) => ({
      path: `/v2/approvals/${await voidRequest(ctx, 'UG-212')}/reject`,
      fields: { reason: 'Paid correctly' },
    }),
    check: (res) =>
      expect(res.body).toEqual({ id: expect.any(Number), status: 'rejected', message: 'Request rejected' }),
  },
  // Last: it adds a head to UG's batch, which the figures of the paths above do not include.
  {
    method: 'POST',
    path: '/v2/optional-heads',
    call: async ({ clients, fx }) => {
      await clients.admin.post('/api/regfee', {
        depId: 100,
        feeId: fx.heads.library,
        cmbBatch: fx.ug.batchId,
        dt1: '2025-06-01',
        dt2: '2026-03-31',
        amt: '1200',
        optional: true,
      });
      return { fields: { depId: 100, admNo: 'UG-001', feeHeadId: fx.heads.library, from: '2025-06-01' } };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ added: 1, ids: [expect.any(Number)] });
      const dues = await clients.ugStaff.get('/v2/dues', { depId: 100, asOf: '2026-01-01', admNo: 'UG-001' });
      expect(dues.body.students[0].outstanding).toBe(
        rupees(UG_FIXTURE_FEE - UG_FIXTURE_DISCOUNT - FIXTURE_AMOUNTS.paidTuition + 1200_00),
      );
    },
  },
  {
    method: 'POST',
    path: '/v2/sponsors',
    as: 'ugStaff',
    outsider: 'cashier',
    call: () => ({ fields: { name: `Contract trust ${++sponsorNames}` } }),
    check: (res) => {
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: expect.stringMatching(/^Contract trust/),
        kind: 'other',
      });
    },
  },
  {
    method: 'POST',
    path: '/v2/sponsorships',
    call: async ({ clients, fx }) => {
      const sponsor = await clients.admin.post('/v2/sponsors', { name: `Contract scheme ${++sponsorNames}` });
      return {
        fields: { sponsorId: sponsor.body.id, depId: 100, admNo: 'UG-001', feeHeadId: fx.heads.exam, amount: '100' },
      };
    },
    check: async (res, { clients }) => {
      expect(res.body).toEqual({ id: expect.any(Number), amount: '100.00' });
      const dues = await clients.ugStaff.get('/v2/dues', { depId: 100, asOf: '2026-01-01', admNo: 'UG-001' });
      expect(dues.body.students[0].sponsorShare).toBe('100.00');
    },
  },
  {
    method: 'POST',
    path: '/v2/sponsor-receipts',
    call: async ({ clients, fx }) => {
      const sponsor = await clients.admin.post('/v2/sponsors', { name: `Contract sanction ${++sponsorNames}` });
      await clients.admin.post('/v2/sponsorships', {
        sponsorId: sponsor.body.id,
        depId: 100,
        admNo: 'UG-001',
        feeHeadId: fx.heads.tuition,
        amount: '50',
      });
      return {
        fields: {
          sponsorId: sponsor.body.id,
          date: '2025-08-01',
          mode: 'bank_transfer',
          reference: 'UTR 1',
          allocations: [{ depId: 100, admNo: 'UG-001', feeHeadId: fx.heads.tuition, amount: '50' }],
        },
      };
    },
    check: (res) => {
      expect(res.body).toEqual({ id: expect.any(Number), number: expect.any(Number), amount: '50.00' });
    },
  },
  // After the paths above: it moves UG-001 on to the next batch.
  {
    method: 'POST',
    path: '/v2/promotions',
    call: async ({ clients, fx }) => {
      const next = await clients.admin.post('/api/rgbatch/', {
        bname: '2026-27 promotion',
        name2: 'BA English',
        cmbcrs: 1003,
        depid: 100,
        dt1: '2026-06-01',
        dt2: '2027-03-31',
      });
      return {
        fields: {
          depId: 100,
          fromBatchId: fx.ug.batchId,
          toBatchId: next.body.batch_id,
          students: [{ admNo: 'UG-001', action: 'promote' }],
        },
      };
    },
    check: async (res, { clients, fx }) => {
      expect(res.body).toEqual({ id: expect.any(Number), date: '2026-06-01', promoted: 1, kept: 0, left: 0 });
      const again = await clients.ugStaff.post('/v2/promotions', {
        depId: 100,
        fromBatchId: fx.ug.batchId,
        toBatchId: fx.ug.batchId,
        students: [{ admNo: 'UG-001', action: 'bogus' }],
      });
      expect(again.status).toBe(400);
      expect(Object.keys(again.body.errors).join(',')).toMatch(/students/);
    },
  },
  // After the promotion: UG-001 leaves the batch it was promoted into.
  {
    method: 'POST',
    path: '/v2/students/leave',
    call: () => ({ fields: { depId: 100, admNo: 'UG-001', date: '2026-07-01', reason: 'Family moved to Chennai' } }),
    check: async (res, { clients }) => {
      expect(res.body).toEqual({
        admNo: 'UG-001',
        date: '2026-07-01',
        dues: expect.stringMatching(/^\d+\.\d\d$/),
        fine: expect.stringMatching(/^\d+\.\d\d$/),
        total: expect.stringMatching(/^\d+\.\d\d$/),
      });
      const again = await clients.ugStaff.post('/v2/students/leave', {
        depId: 100,
        admNo: 'UG-001',
        date: '2099-01-01',
        reason: '',
      });
      expect(again.status).toBe(400);
      expect(Object.keys(again.body.errors).sort()).toEqual(['date', 'reason']);
    },
  },
];
/** Each contract call makes its own sponsor (names are unique). */
let sponsorNames = 0;

let ctx: Ctx;
let razorpay: RazorpayStandIn;
beforeAll(async () => {
  razorpay = await startRazorpayStandIn();
  const server = await startRestServer({
    payments: {
      gateway: new RazorpayGateway({
        keyId: RAZORPAY_KEY_ID,
        keySecret: RAZORPAY_KEY_SECRET,
        webhookSecret: RAZORPAY_WEBHOOK_SECRET,
        apiBase: razorpay.url,
      }),
      returnOrigin: null,
    },
    publicUrl: 'https://fees.example.org',
  });
  ctx = {
    server,
    fx: server.fixture,
    clients: {
      anonymous: server.anonymous(),
      admin: await server.signIn('admin'),
      ugStaff: await server.signIn('ugStaff'),
      pgStaff: await server.signIn('pgStaff'),
      cashier: await server.signIn('cashier'),
      viewer: await server.signIn('viewer'),
      auditor: await server.signIn('auditor'),
    },
  };
});
afterAll(async () => {
  await ctx.server.close();
  await razorpay.close();
});

it('has a contract for every route of the table', () => {
  const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
  expect(CONTRACTS.map(key).sort()).toEqual(restRoutes.map(key).sort());
});

describe.each(CONTRACTS.map((c) => [`${c.method} /rest${c.path}`, c] as const))('%s', (_name, contract) => {
  const route = routeOf(contract.method, contract.path);
  const inDepartment = route.access !== 'public' && route.access !== 'authed' && route.access !== 'admin';
  const defaultCaller: Caller = inDepartment ? 'ugStaff' : route.access === 'public' ? 'anonymous' : 'admin';
  const outsider: Caller | null =
    contract.outsider ?? (inDepartment ? 'pgStaff' : route.access === 'admin' ? 'ugStaff' : null);
  let call: Promise<Call> | undefined;
  const prepared = () => {
    call ??= Promise.resolve(contract.call(ctx));
    return call;
  };
  const sendAs = async (who: Caller) => {
    const { path, fields } = await prepared();
    // Logout ends the caller's session: it gets a client of its own.
    const client = contract.path === '/logout' && who !== 'anonymous' ? await ctx.server.signIn(who) : ctx.clients[who];
    return send(client, contract.method, path ?? contract.path, fields);
  };

  if (route.access !== 'public') {
    it('is 401 without a session', async () => {
      const res = await sendAs('anonymous');
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Please sign in');
    });
  }
  if (outsider && outsider !== 'anonymous') {
    const status = contract.outsiderStatus ?? 403;
    it(`is ${status} for ${outsider}`, async () => {
      const res = await sendAs(outsider);
      expect(res.status).toBe(status);
      expect(typeof res.body.message).toBe('string');
    });
  }
  const access = route.access;
  if (access !== 'public' && access !== 'authed') {
    const refused = OTHER_ROLES.filter((role) => !roleCan(role, access));
    if (refused.length > 0) {
      it(`is 403 for ${refused.join(', ')}`, async () => {
        for (const role of refused) {
          const res = await sendAs(role);
          expect([role, res.status]).toEqual([role, 403]);
        }
      });
    }
    // A write must not change the data the valid call's check expects; a read shows the door opens, to
    // the roles serving the department of the valid call (cashier and viewer serve UG, the auditor all).
    const validCaller = contract.as ?? defaultCaller;
    const admitted = OTHER_ROLES.filter(
      (role) => roleCan(role, access) && (validCaller === 'ugStaff' || role === 'auditor'),
    );
    if (contract.method === 'GET' && admitted.length > 0) {
      it(`lets ${admitted.join(', ')} past the door`, async () => {
        for (const role of admitted) {
          const res = await sendAs(role);
          expect(res.status === 401 || res.status === 403, `${role}: ${res.text}`).toBe(false);
        }
      });
    }
  }
  it.skipIf(onPostgres && contract.sqliteOnly)(
    `answers the documented fields to ${contract.as ?? defaultCaller}`,
    async () => {
      const res = await sendAs(contract.as ?? defaultCaller);
      expect(res.status, res.text).toBe(200);
      expect(responseProblems(route, res.body)).toEqual([]);
      await contract.check(res, ctx);
    },
  );
});
