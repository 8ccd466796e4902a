/**
 * Demo money operations, so every one of their screens has something to show: two
 * concession schemes with members (by category and by name), opening balances from the old books
 * (one an opening advance), advances taken, settled from and refunded (one refund voided), cheques
 * cleared and one bounced with a bank charge, and yesterday closed in every department. Written
 * through the same services as the screens; each part is skipped when its table already has rows.
 */
import {
  type AuditActor,
  batches,
  categories,
  concessionSchemes,
  type Database,
  dayClosings,
  findAdvanceHeadId,
  findFeeHeadByName,
  findUserByEmail,
  feeStructures,
  insertDayClosing,
  insertOpeningBalances,
  insertScheme,
  listCheques,
  openingBalances,
  refunds,
  studentFeeBalances,
  students,
  transaction,
  writeAudit,
} from '@fees/db';
import {
  DEPARTMENTS,
  PREVIOUS_DUES_HEAD,
  ruleOfInput,
  type TReceiptPaymentMode,
  ZApplySchemeInput,
  ZBounceChequeInput,
  ZClearChequeInput,
  ZCreateRefundInput,
  ZSchemeRuleInput,
  isSentForApproval,
} from '@fees/validation';
import { addDays } from '@fees/money';
import { demoReceiptTax } from './gst';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { bounceCheque, clearCheque } from '@fees/server/cheques';
import { today } from '@fees/server/config';
import { createReceipt } from '@fees/server/receipts';
import { createRefund, voidRefund } from '@fees/server/refunds';
import { applyScheme } from '@fees/server/schemes';

type DepartmentId = (typeof DEPARTMENTS)[number]['id'];

/** The loader writes for every department, as an admin may. */
const EVERY_DEPARTMENT = { role: 'admin' as const, departmentIds: [] };
const DEMO_ADMIN: AuditActor = { userId: null, email: 'demo' };

function daysAgo(days: number): string {
  return addDays(today(), -days);
}

async function isEmpty(
  db: Database,
  table: typeof concessionSchemes | typeof openingBalances | typeof refunds | typeof dayClosings,
): Promise<boolean> {
  return ((await db.select({ n: count() }).from(table).limit(1))[0]?.n ?? 0) === 0;
}

/** The department's staff account, who takes its receipts and refunds in the demo. */
async function staffOf(db: Database, departmentId: number): Promise<AuditActor> {
  const prefix = DEPARTMENTS.find((d) => d.id === departmentId)?.prefix;
  const user = prefix ? await findUserByEmail(db, `${prefix}@demo.local`) : null;
  return user ? { userId: user.id, email: user.email } : DEMO_ADMIN;
}

/** The newest batch that charges Tuition Fee and has students: the schemes' batch. */
async function tuitionBatch(db: Database, tuitionId: number) {
  const rows = await db
    .select({
      id: batches.id,
      departmentId: batches.departmentId,
      courseId: batches.courseId,
      students: count(students.id),
    })
    .from(batches)
    .innerJoin(feeStructures, and(eq(feeStructures.batchId, batches.id), eq(feeStructures.feeHeadId, tuitionId)))
    .innerJoin(students, eq(students.batchId, batches.id))
    .groupBy(batches.id, batches.departmentId, batches.courseId, batches.startDate)
    .orderBy(desc(batches.startDate), desc(count(students.id)), asc(batches.id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * "RTE 25%" (a quarter of the Tuition Fee, for every batch of the course) joined by the EWS students
 * of the batch, and "Staff ward" (2,000.00 off Tuition Fee in that batch) joined by three named
 * students. Before the receipts, as an office sets concessions at admission.
 */
export async function loadDemoSchemes(db: Database): Promise<number> {
  if (!(await isEmpty(db, concessionSchemes))) return 0;
  const tuition = await findFeeHeadByName(db, { name: 'Tuition Fee' });
  const batch = tuition ? await tuitionBatch(db, tuition.id) : null;
  if (!tuition || !batch) return 0;
  const scheme = async (name: string, rule: unknown) =>
    transaction(db, async (tx) => {
      const rules = [ruleOfInput(ZSchemeRuleInput.parse(rule))];
      const row = await insertScheme(tx, { name, rules });
      await writeAudit(tx, {
        actor: DEMO_ADMIN,
        action: 'create',
        entity: 'scheme',
        entityId: row.id,
        after: { ...row, rules },
      });
      return row.id;
    });
  const rte = await scheme('RTE 25%', {
    kind: 'percent',
    feeHeadId: tuition.id,
    courseId: batch.courseId,
    batchId: null,
    percent: '25',
  });
  const staffWard = await scheme('Staff ward', {
    kind: 'fixed',
    feeHeadId: tuition.id,
    courseId: batch.courseId,
    batchId: batch.id,
    amount: '2000',
  });
  const depId = batch.departmentId as DepartmentId;
  let joined = 0;
  const ews = (await db.select({ id: categories.id }).from(categories).where(eq(categories.name, 'EWS')).limit(1))[0];
  if (ews) {
    const byCategory = await applyScheme(
      db,
      DEMO_ADMIN,
      ZApplySchemeInput.parse({
        schemeId: rte,
        depId,
        batchId: batch.id,
        categoryId: ews.id,
        allowNegativeBalance: false,
      }),
    );
    joined += byCategory.joined;
  }
  const named = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.batchId, batch.id), ews ? ne(students.categoryId, ews.id) : undefined))
    .orderBy(asc(students.admissionNo))
    .limit(3);
  if (named.length > 0) {
    joined += (
      await applyScheme(
        db,
        DEMO_ADMIN,
        ZApplySchemeInput.parse({ schemeId: staffWard, depId, studentIds: named.map((s) => s.id) }),
      )
    ).joined;
  }
  return joined;
}

/**
 * Dues from the old books for the first six students of the first department's oldest batch: five
 * on "Previous dues", due five months ago, and one opening advance of 750.00.
 */
export async function loadDemoOpeningBalances(db: Database): Promise<number> {
  if (!(await isEmpty(db, openingBalances))) return 0;
  const previousDues = await findFeeHeadByName(db, { name: PREVIOUS_DUES_HEAD });
  const oldest = (
    await db
      .select({ id: batches.id })
      .from(batches)
      .orderBy(asc(batches.departmentId), asc(batches.startDate), asc(batches.id))
      .limit(1)
  )[0];
  if (!previousDues || !oldest) return 0;
  const of = await db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.batchId, oldest.id))
    .orderBy(asc(students.admissionNo))
    .limit(6);
  const amounts = [4_500_00, 1_250_00, 6_000_00, 2_750_50, 1_800_00, -750_00];
  const rows = of.map((s, i) => ({
    studentId: s.id,
    feeHeadId: previousDues.id,
    amountPaise: amounts[i]!,
    dueDate: daysAgo(150),
    note: amounts[i]! < 0 ? 'Paid ahead in the old books' : 'Arrears 2024-25 (old ledger)',
    createdBy: null,
  }));
  if (rows.length === 0) return 0;
  await transaction(db, async (tx) => {
    const ids = await insertOpeningBalances(tx, rows);
    await writeAudit(tx, {
      actor: DEMO_ADMIN,
      action: 'import',
      entity: 'opening_balance',
      entityId: ids.join(','),
      after: { rows: rows.length },
    });
  });
  return rows.length;
}

async function receipt(
  db: Database,
  student: { id: number; departmentId: number },
  date: string,
  items: Array<{ feeHeadId: number; particulars: string; amount: number }>,
  paymentMode: TReceiptPaymentMode,
  paymentReference: string | null,
) {
  const total = items.reduce((s, i) => s + i.amount, 0);
  const tax = await demoReceiptTax(db, items, paymentMode);
  return createReceipt(
    db,
    await staffOf(db, student.departmentId),
    {
      depId: student.departmentId as DepartmentId,
      studentId: student.id,
      date,
      items,
      paymentMode,
      paymentReference,
      total,
      tax,
      net: total + tax,
      confirm: true,
      allowOverpayment: false,
    },
    EVERY_DEPARTMENT,
  );
}

/**
 * After the receipts: two advances taken at the counter (one partly settled against a due head, one
 * refunded in part, R1); a refund by bank transfer voided (R2); the older cheques cleared three days
 * after their receipt and the oldest bounced with a bank charge of 250.00; yesterday closed everywhere.
 */
export async function loadDemoMoneyMovements(
  db: Database,
): Promise<{ refunds: number; cleared: number; bounced: number; closed: number }> {
  const done = { refunds: 0, cleared: 0, bounced: 0, closed: 0 };
  const advanceHead = await findAdvanceHeadId(db);
  if (advanceHead !== null && (await isEmpty(db, refunds))) {
    const firstDepartment = (
      await db.select({ d: students.departmentId }).from(students).orderBy(asc(students.departmentId)).limit(1)
    )[0]?.d;
    const roster =
      firstDepartment === undefined
        ? []
        : await db
            .select({ id: students.id, departmentId: students.departmentId })
            .from(students)
            .where(eq(students.departmentId, firstDepartment))
            .orderBy(desc(students.id));
    // The first taker still owes 2,000.00 on some head, which the advance then settles.
    let first: (typeof roster)[number] | undefined;
    let due: { feeHeadId: number } | undefined;
    for (const s of roster) {
      due = (await studentFeeBalances(db, s.id)).find((b) => b.balancePaise >= 2_000_00 && b.feeHeadId !== advanceHead);
      if (due) {
        first = s;
        break;
      }
    }
    const second = roster.find((s) => s.id !== first?.id);
    if (first && due) {
      await receipt(
        db,
        first,
        daysAgo(20),
        [{ feeHeadId: advanceHead, particulars: 'Hostel fee of next term, in advance', amount: 5_000_00 }],
        'cash',
        null,
      );
      await receipt(
        db,
        first,
        daysAgo(10),
        [{ feeHeadId: due.feeHeadId, particulars: 'From advance', amount: 2_000_00 }],
        'advance',
        null,
      );
      const clerk = await staffOf(db, first.departmentId);
      await createRefund(
        db,
        clerk,
        ZCreateRefundInput.parse({
          depId: first.departmentId,
          studentId: first.id,
          date: daysAgo(5),
          amount: '1500',
          paymentMode: 'cash',
          reason: 'Left the hostel',
          confirm: true,
        }),
        EVERY_DEPARTMENT,
      );
      done.refunds++;
    }
    if (second) {
      await receipt(
        db,
        second,
        daysAgo(15),
        [{ feeHeadId: advanceHead, particulars: 'Excursion deposit', amount: 3_000_00 }],
        'upi',
        'UPI/462210987345',
      );
      const clerk = await staffOf(db, second.departmentId);
      const refund = await createRefund(
        db,
        clerk,
        ZCreateRefundInput.parse({
          depId: second.departmentId,
          studentId: second.id,
          date: daysAgo(4),
          amount: '1000',
          paymentMode: 'bank_transfer',
          paymentReference: 'NEFT N2026110400',
          reason: 'Excursion cancelled',
          confirm: true,
        }),
        EVERY_DEPARTMENT,
      );
      // The demo acts for every department as an admin would: its refund is made, never held for approval.
      if (isSentForApproval(refund)) throw new Error('The demo refund was held for approval');
      await voidRefund(
        db,
        DEMO_ADMIN,
        { number: refund.number, version: 1, reason: 'Entered for the wrong student' },
        EVERY_DEPARTMENT,
      );
      done.refunds++;
    }
  }

  const day = today();
  for (const d of DEPARTMENTS) {
    const pending = (await listCheques(db, { depId: d.id, status: 'pending' })).filter(
      (c) => addDays(c.receiptDate, 7) <= day,
    );
    // Oldest first: the oldest of the first department comes back from the bank.
    pending.sort((a, b) => a.receiptDate.localeCompare(b.receiptDate) || a.receiptNumber - b.receiptNumber);
    for (const [i, cheque] of pending.entries()) {
      if (i === 0 && done.bounced === 0) {
        const input = ZBounceChequeInput.parse({
          depId: d.id,
          chequeId: cheque.id,
          date: addDays(cheque.receiptDate, 4),
          reason: 'Funds insufficient',
          charge: '250',
        });
        await bounceCheque(db, await staffOf(db, d.id), input, EVERY_DEPARTMENT);
        done.bounced++;
      } else {
        await clearCheque(
          db,
          await staffOf(db, d.id),
          ZClearChequeInput.parse({ depId: d.id, chequeId: cheque.id, date: addDays(cheque.receiptDate, 3) }),
          EVERY_DEPARTMENT,
        );
        done.cleared++;
      }
    }
  }

  if (await isEmpty(db, dayClosings)) {
    const yesterday = daysAgo(1);
    for (const d of DEPARTMENTS) {
      const clerk = await staffOf(db, d.id);
      await transaction(db, async (tx) => {
        if (await insertDayClosing(tx, { departmentId: d.id, date: yesterday, closedBy: clerk.userId })) {
          await writeAudit(tx, {
            actor: clerk,
            action: 'close_day',
            entity: 'day_closing',
            entityId: `${d.id}/${yesterday}`,
            after: { departmentId: d.id, date: yesterday },
          });
          done.closed++;
        }
      });
    }
  }
  return done;
}
