/**
 * The receipts of the synthetic foundation: 3-6 per student per academic year of their batch inside
 * the window, dated across the year (never after today), 1-4 lines on heads of the batch. Receipts
 * are generated into flat arrays, ordered by date with a counting sort, and numbered in that order
 * from one sequence, as the counter would have issued them. A few percent were edited (an 'update'
 * audit row holds the earlier version) or voided; every receipt has its 'create' audit row.
 */
import { dayNumber, fromDayNumber } from '@fees/money';
import type Sqlite from 'better-sqlite3';
import type { Random } from '@fees/validation/testing';
import type { SyntheticStudent, Window } from './academics';
import { PARTICULARS, PAYMENT_MODE_WEIGHTS } from './shape';

const EDITED_SHARE = 0.03;
const VOIDED_SHARE = 0.015;
const CHUNK = 50_000;

export interface ReceiptCounts {
  receipts: number;
  lines: number;
  edited: number;
  voided: number;
  auditRows: number;
}

interface Generated {
  student: number[];
  day: number[];
  lineStart: number[];
  lineCount: number[];
  lineHead: number[];
  lineAmount: number[];
  lineParticulars: number[];
}

function generate(rng: Random, students: SyntheticStudent[], window: Window): Generated {
  const g: Generated = {
    student: [],
    day: [],
    lineStart: [],
    lineCount: [],
    lineHead: [],
    lineAmount: [],
    lineParticulars: [],
  };
  const lastDay = dayNumber(window.today);
  students.forEach((student, index) => {
    const from = Math.max(student.startYear, window.firstYear);
    const to = Math.min(student.startYear + student.years - 1, window.lastYear);
    for (let year = from; year <= to; year++) {
      const first = dayNumber(`${year}-06-01`);
      const last = Math.min(dayNumber(`${year + 1}-05-31`), lastDay);
      if (last < first) continue;
      const receipts = rng.int(3, 6);
      for (let r = 0; r < receipts; r++) {
        g.student.push(index);
        g.day.push(rng.int(first, last));
        g.lineStart.push(g.lineHead.length);
        const heads = rng.sample(student.fees, rng.int(1, Math.min(4, student.fees.length)));
        g.lineCount.push(heads.length);
        for (const fee of heads) {
          const rupees = (fee.amountPaise / 100 / (1.6 * student.years)) * (0.5 + rng.next());
          g.lineHead.push(fee.feeHeadId);
          g.lineAmount.push(Math.max(100, Math.round(rupees / 50) * 50) * 100);
          g.lineParticulars.push(rng.int(0, PARTICULARS.length - 1));
        }
      }
    }
  });
  return g;
}

/** Receipt indexes ordered by day (stable: same-day receipts keep their generation order). */
function orderByDay(days: number[]): Int32Array {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const d of days) {
    if (d < min) min = d;
    if (d > max) max = d;
  }
  const counts = new Int32Array(max - min + 2);
  for (const d of days) counts[d - min + 1]! += 1;
  for (let i = 1; i < counts.length; i++) counts[i]! += counts[i - 1]!;
  const order = new Int32Array(days.length);
  days.forEach((d, i) => {
    order[counts[d - min]!++] = i;
  });
  return order;
}

function pickMode(rng: Random): string {
  let x = rng.next();
  for (const [mode, weight] of PAYMENT_MODE_WEIGHTS) {
    x -= weight;
    if (x < 0) return mode;
  }
  return 'cash';
}

function referenceFor(rng: Random, mode: string): string | null {
  switch (mode) {
    case 'upi':
      return String(rng.int(100_000, 999_999)) + String(rng.int(100_000, 999_999));
    case 'cheque':
      return String(rng.int(100_000, 999_999));
    case 'bank_transfer':
      return `NEFT${rng.int(10_000_000, 99_999_999)}`;
    case 'card':
      return `XXXX${rng.int(1000, 9999)}`;
    default:
      return null;
  }
}

function timeOn(rng: Random, date: string): string {
  // 09:00-17:59 in India is 03:30-12:29 UTC.
  const minutes = 210 + rng.int(0, 539);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  const ss = String(rng.int(0, 59)).padStart(2, '0');
  return `${date}T${hh}:${mm}:${ss}.000Z`;
}

export function insertReceipts(
  sqlite: Sqlite.Database,
  rng: Random,
  students: SyntheticStudent[],
  window: Window,
  staff: Map<number, { id: number; email: string }>,
): ReceiptCounts {
  const g = generate(rng, students, window);
  const order = orderByDay(g.day);
  const insertReceipt = sqlite.prepare(
    `insert into receipts (id, number, department_id, course_id, batch_id, student_id, date, student_name, address,
       phone, email, total_paise, tax_rate_basis_points, tax_paise, net_paise, payment_mode, payment_reference,
       status, created_by, created_at, updated_at, voided_at, voided_by)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLine = sqlite.prepare(
    `insert into receipt_lines (receipt_id, line_no, student_id, fee_head_id, particulars, amount_paise)
     values (?, ?, ?, ?, ?, ?)`,
  );
  const insertPayment = sqlite.prepare(
    `insert into receipt_payments (receipt_id, part_no, payment_mode, payment_reference, amount_paise, tax_paise)
     values (?, 1, ?, ?, ?, 0)`,
  );
  const insertAudit = sqlite.prepare(
    `insert into audit_log (at, user_id, user_email, action, entity, entity_id,
       before, after, ip, department_id, admission_no)
     values (?, ?, ?, ?, 'receipt', ?, ?, ?, '127.0.0.1', ?, (select admission_no from students where id = ?))`,
  );
  const counts: ReceiptCounts = {
    receipts: order.length,
    lines: g.lineHead.length,
    edited: 0,
    voided: 0,
    auditRows: 0,
  };

  const writeChunk = sqlite.transaction((from: number, to: number) => {
    for (let position = from; position < to; position++) {
      const r = order[position]!;
      const number = position + 1;
      const student = students[g.student[r]!]!;
      const user = staff.get(student.departmentId)!;
      const date = fromDayNumber(g.day[r]!);
      const start = g.lineStart[r]!;
      const lineCount = g.lineCount[r]!;
      const lines: { feeHeadId: number; particulars: string; amountPaise: number }[] = [];
      let total = 0;
      for (let l = 0; l < lineCount; l++) {
        const amountPaise = g.lineAmount[start + l]!;
        lines.push({
          feeHeadId: g.lineHead[start + l]!,
          particulars: PARTICULARS[g.lineParticulars[start + l]!]!,
          amountPaise,
        });
        total += amountPaise;
      }
      const mode = pickMode(rng);
      const reference = referenceFor(rng, mode);
      const createdAt = timeOn(rng, date);
      const edited = rng.chance(EDITED_SHARE);
      const voided = rng.chance(VOIDED_SHARE);
      const updatedAt = edited || voided ? timeOn(rng, fromDayNumber(g.day[r]! + rng.int(0, 20))) : createdAt;
      insertReceipt.run(
        number,
        number,
        student.departmentId,
        student.courseId,
        student.batchId,
        student.id,
        date,
        student.name,
        student.address,
        student.phone,
        student.email,
        total,
        total,
        mode,
        reference,
        voided ? 'voided' : 'live',
        user.id,
        createdAt,
        updatedAt,
        voided ? updatedAt : null,
        voided ? user.id : null,
      );
      lines.forEach((line, l) => {
        insertLine.run(number, l + 1, student.id, line.feeHeadId, line.particulars, line.amountPaise);
      });
      insertPayment.run(number, mode, reference, total);
      const snapshot = {
        number,
        studentId: student.id,
        date,
        totalPaise: total,
        netPaise: total,
        paymentMode: mode,
        lines,
      };
      const firstVersion = edited
        ? { ...snapshot, totalPaise: total + 50_000, netPaise: total + 50_000, paymentMode: 'cash' }
        : snapshot;
      insertAudit.run(
        createdAt,
        user.id,
        user.email,
        'create',
        String(number),
        null,
        JSON.stringify(firstVersion),
        student.departmentId,
        student.id,
      );
      counts.auditRows++;
      if (edited) {
        insertAudit.run(
          updatedAt,
          user.id,
          user.email,
          'update',
          String(number),
          JSON.stringify(firstVersion),
          JSON.stringify(snapshot),
          student.departmentId,
          student.id,
        );
        counts.edited++;
        counts.auditRows++;
      }
      if (voided) {
        insertAudit.run(
          updatedAt,
          user.id,
          user.email,
          'void',
          String(number),
          JSON.stringify(snapshot),
          null,
          student.departmentId,
          student.id,
        );
        counts.voided++;
        counts.auditRows++;
      }
    }
  });
  for (let from = 0; from < order.length; from += CHUNK) writeChunk(from, Math.min(order.length, from + CHUNK));
  sqlite.prepare('update receipt_number_sequence set last_number = ? where id = 1').run(order.length);
  return counts;
}
