/**
 * The receipt counter's writes, usable without tRPC (the procedures and the demo loader call them).
 * Each write is atomic (inWriteTransaction): on the server it runs in the write batcher, given the
 * `tx` of the savepoint the batcher gives each write within its shared IMMEDIATE transaction; given
 * the database it opens its own IMMEDIATE transaction. Inside, every query runs on that transaction
 * (the callback's `db` shadows the caller's on purpose). The student, the fee heads of their batch and
 * the balances are read, every amount is recomputed from the lines, the number is allocated, master, lines and
 * audit row are written. Anything wrong throws an AppError with a human message and nothing is
 * written.
 */
import {
  type AuditActor,
  type Reader,
  type WriteTx,
  type FeeBalanceRow,
  findFeeHeadName,
  getBackdateLimitDays,
  findReceiptByNumber,
  findReceiptStudentByAdmissionNo,
  findReceiptStudentById,
  deleteChequeOfReceipt,
  findChequeOfReceipt,
  inWriteTransaction,
  insertCheque,
  lockStudentOfReceipt,
  insertNumberedReceipt,
  listReceiptLines,
  listReceiptPayments,
  markReceiptVoided,
  type NewReceiptLine,
  type NewReceiptPayment,
  type ReceiptStudent,
  type StoredReceipt,
  studentFeeBalances,
  taxableFeeHeads,
  updateChequeInstrument,
  updateReceipt as updateReceiptRows,
  writeAudit,
  settleIdempotencyKey,
} from '@fees/db';
import {
  EARLIEST_DATE,
  ADVANCE_HEAD,
  AppError,
  backdatedReasonMessage,
  firstRowOfEachHead,
  formatDate,
  isInstrumentMode,
  isRequestReason,
  PAYMENT_MODE_LABELS,
  paiseToRupeesText,
  receiptDateProblem,
  type ReceiptDateRule,
  receiptLabel,
  receiptParts,
  refuse,
  roleCan,
  type TReceiptPaymentPart,
  type TCreateReceiptInput,
  type TUpdateReceiptInput,
  type TVoidReceiptInput,
  type SentForApproval,
} from '@fees/validation';
import {
  issuedTaxesOf,
  largestPart,
  priceReceipt,
  type ReceiptPricingInput,
  sumByHead,
  taxByRate,
  taxShares,
} from '@fees/money';
import { today } from '../../config';
import { approvalNeeded, sendForApproval, type WriteMode } from '../approvals/gate';
import { assertDayOpen } from '../days/day-closing';
import { assertDepartmentAccess, type DepartmentAccess } from '../../department-access';
import { onceForKey } from '../../idempotency';
import { newReceiptOutbox, receiptMessages } from '../messages/outbox';
import { lateFeeBalanceRows } from '../plans/service';
import { advanceHeadRow, keepingAdvanceCovered, studentAdvance } from '../refunds/advance';
import { verificationPath } from '../../verify/code';
import { assertCurrentVersion } from '../versions';

const rupees = paiseToRupeesText;

/**
 * A stored receipt as printed: master, lines with the GST each was issued with, the tax per rate, the
 * department's letterhead and GSTIN, and the path of its public verification page (the printed QR code). The
 * printable page and the PDF both read it.
 */
/**
 * Whether this user may correct a live receipt: who may write, or who takes receipts but may not correct
 * the books (a cashier) its own slip, on its day (and keeping that day).
 */
export function mayCorrectReceipt(
  access: DepartmentAccess & { userId?: number | null },
  receipt: { status: string; createdBy: number | null; date: string },
): boolean {
  if (receipt.status === 'voided') return false;
  if (roleCan(access.role, 'write')) return true;
  return roleCan(access.role, 'collect') && receipt.createdBy === access.userId && receipt.date === today();
}

export async function receiptView(db: Reader, access: DepartmentAccess & { userId?: number }, number: number) {
  const found = await findReceiptByNumber(db, number);
  if (!found) throw new AppError('NOT_FOUND', `Receipt ${receiptLabel(number)} does not exist`);
  assertDepartmentAccess(access, found.departmentId);
  const { letterheadName, letterheadAddress, letterheadPhone, ...receipt } = found;
  const lines = await listReceiptLines(db, found.id);
  return {
    receipt,
    /** Whether the signed-in user may correct it (the screen's Edit). */
    mayEdit: mayCorrectReceipt(access, found),
    lines,
    taxByRate: taxByRate(lines),
    payments: await listReceiptPayments(db, found.id),
    letterhead: { institutionName: letterheadName, address: letterheadAddress, phone: letterheadPhone },
    verifyPath: await verificationPath(db, found),
  };
}

export type ReceiptView = Awaited<ReturnType<typeof receiptView>>;

/**
 * A student of the department named in the input, by id or by admission number; `lock`: locked for a
 * receipt write by the same read (lockStudentForReceipt).
 */
export async function studentOfDepartment(
  db: Reader,
  input: { depId: number; studentId?: number; admissionNo?: string },
  access: DepartmentAccess,
  lock = false,
): Promise<ReceiptStudent> {
  const student =
    (input.studentId !== undefined
      ? await findReceiptStudentById(db, input.studentId, { lock })
      : await findReceiptStudentByAdmissionNo(db, {
          departmentId: input.depId,
          admissionNo: input.admissionNo ?? '',
          lock,
        })) ?? refuse('NOT_FOUND', 'No such student in this department');
  if (student.departmentId !== input.depId) refuse('FORBIDDEN', 'This student belongs to another department');
  assertDepartmentAccess(access, student.departmentId);
  return student;
}

interface PricedReceipt {
  lines: NewReceiptLine[];
  totalPaise: number;
  /** The highest rate of its lines (0: no taxed line): the master row's one rate for the paths that know one. */
  taxRateBasisPoints: number;
  taxPaise: number;
  netPaise: number;
}

/** How a receipt's lines are taxed: today's taxable heads, the edited receipt's own, none from the advance. */
type ReceiptTaxes = Pick<ReceiptPricingInput, 'taxes' | 'issuedTaxes' | 'untaxed'>;

/**
 * The student's head balances; the Late fee (fine outstanding) and the Advance head (no limit) join
 * them only when a line asks for a head outside the structure.
 */
async function balancesOf(
  db: Reader,
  student: ReceiptStudent,
  items: ReadonlyArray<{ feeHeadId: number }>,
): Promise<FeeBalanceRow[]> {
  const rows = await studentFeeBalances(db, student.id);
  const known = new Set(rows.map((r) => r.feeHeadId));
  return items.some((i) => !known.has(i.feeHeadId))
    ? firstRowOfEachHead([...rows, ...(await lateFeeBalanceRows(db, student)), ...(await advanceHeadRow(db))])
    : rows;
}

/**
 * A receipt "Adjusted from advance" brings no new money: it settles heads from the student's advance,
 * never more than the advance (`alreadySettled`: what the receipt being edited settles now), and never
 * onto the Advance head itself.
 */
async function assertAdvanceSettlement(
  db: Reader,
  student: ReceiptStudent,
  input: TCreateReceiptInput,
  balances: FeeBalanceRow[],
  alreadySettled = 0,
): Promise<void> {
  if (!adjustedFromAdvance(input)) return;
  if (input.items.some((item) => balances.some((b) => b.open && b.feeHeadId === item.feeHeadId))) {
    refuse('BAD_INPUT', `A receipt adjusted from advance cannot pay into the ${ADVANCE_HEAD} head`);
  }
  const available = (await studentAdvance(db, student)) + alreadySettled;
  if (input.total > available) {
    refuse(
      'CONFLICT',
      available === 0
        ? `${student.name} has no advance to adjust from`
        : `${rupees(input.total)} is more than the advance of ${rupees(available)}`,
    );
  }
}

/**
 * Checks every line against the student's batch (unknown head, another batch's head), prices the
 * receipt with the shared pricing rule, compares total, tax and net with what the client showed, and
 * refuses paying more than a head's balance unless the clerk confirmed it. `alreadyOnReceipt` gives
 * back, per head, what the receipt being edited already counts as paid.
 */
async function checkedReceipt(
  db: Reader,
  student: ReceiptStudent,
  input: TCreateReceiptInput,
  taxes: ReceiptTaxes,
  balances: FeeBalanceRow[],
  alreadyOnReceipt?: ReadonlyMap<number, number>,
): Promise<PricedReceipt> {
  const priced = priceReceipt({
    lines: input.items.map((item) => ({ feeHeadId: item.feeHeadId, amountPaise: item.amount })),
    ...taxes,
    balances,
    alreadyOnReceipt,
  });
  const [unknown] = priced.unknownHeads;
  if (unknown !== undefined) {
    const name = await findFeeHeadName(db, unknown);
    if (name === null) refuse('BAD_INPUT', `Unknown fee head (id ${unknown})`);
    refuse('BAD_INPUT', `${name} is not in the fee structure of batch ${student.batchName}`);
  }
  if (priced.tooLarge) refuse('BAD_INPUT', 'The total is too large for one receipt');
  const { totalPaise, taxPaise, netPaise } = priced;
  if (input.total !== totalPaise || input.tax !== taxPaise || input.net !== netPaise) {
    refuse(
      'BAD_INPUT',
      `The totals do not match the lines: total ${rupees(totalPaise)}, ` +
        `GST ${rupees(taxPaise)}, net ${rupees(netPaise)} ` +
        `(the form showed ${rupees(input.total)}, ${rupees(input.tax)}, ${rupees(input.net)}). ` +
        `Reload the page and try again.`,
    );
  }
  const [overpaid] = priced.overpaid;
  if (!input.allowOverpayment && overpaid) {
    refuse(
      'CONFLICT',
      `${overpaid.feeHead}: ${rupees(overpaid.amountPaise)} is more than the balance of ` +
        `${rupees(overpaid.availablePaise)}. Confirm the overpayment to save it.`,
    );
  }
  const lines = input.items.map((item, i) => {
    const tax = priced.lineTaxes[i]!;
    return {
      feeHeadId: item.feeHeadId,
      particulars: item.particulars,
      amountPaise: item.amount,
      taxRateBasisPoints: tax.rateBasisPoints,
      gstCode: tax.code,
      taxPaise: tax.taxPaise,
    };
  });
  const taxRateBasisPoints = Math.max(0, ...lines.map((line) => line.taxRateBasisPoints));
  return { lines, totalPaise, taxRateBasisPoints, taxPaise, netPaise };
}

/** Whether a receipt settles dues from the advance (a mode never combined with others). */
function adjustedFromAdvance(input: TCreateReceiptInput): boolean {
  return receiptParts(input)[0]?.paymentMode === 'advance';
}

/** What the audit log keeps of a receipt: the master's money and payment fields, its payment parts and its lines. */
function snapshot(
  receipt: Omit<StoredReceipt, 'letterheadName' | 'letterheadAddress' | 'letterheadPhone'>,
  lines: readonly NewReceiptLine[],
  payments: readonly NewReceiptPayment[],
) {
  return {
    number: receipt.number,
    status: receipt.status,
    date: receipt.date,
    departmentId: receipt.departmentId,
    studentId: receipt.studentId,
    admissionNo: receipt.admissionNo,
    studentName: receipt.studentName,
    phone: receipt.phone,
    email: receipt.email,
    totalPaise: receipt.totalPaise,
    taxRateBasisPoints: receipt.taxRateBasisPoints,
    taxPaise: receipt.taxPaise,
    netPaise: receipt.netPaise,
    paymentMode: receipt.paymentMode,
    paymentReference: receipt.paymentReference,
    ...(receipt.bank
      ? { bank: receipt.bank, instrumentNo: receipt.instrumentNo, instrumentDate: receipt.instrumentDate }
      : {}),
    payments: payments.map(({ paymentMode, paymentReference, amountPaise, taxPaise }) => ({
      paymentMode,
      paymentReference,
      amountPaise,
      taxPaise,
    })),
    lines: lines.map((l) => ({
      feeHeadId: l.feeHeadId,
      particulars: l.particulars,
      amountPaise: l.amountPaise,
      taxRateBasisPoints: l.taxRateBasisPoints,
      gstCode: l.gstCode,
      taxPaise: l.taxPaise,
    })),
  };
}

/**
 * The cheque or draft among the parts, its bank, number and date as sent (the schema requires them for those
 * modes and allows one such part); null when no part is one.
 */
function instrumentOf(parts: readonly TReceiptPaymentPart[]) {
  const part = parts.find((p) => isInstrumentMode(p.paymentMode));
  if (!part?.bank || !part.instrumentNo || !part.instrumentDate) return null;
  return { bank: part.bank, instrumentNo: part.instrumentNo, instrumentDate: part.instrumentDate };
}

/** The reference kept for a part: a cheque or draft's number, none for cash, else what was typed. */
function referenceOf(part: TReceiptPaymentPart): string | null {
  if (part.paymentMode === 'cash') return null;
  return instrumentOf([part])?.instrumentNo ?? part.paymentReference;
}

/**
 * The payment as stored: the parts with their references and shares of the GST, and the master row's one
 * mode and reference, the largest part's (what the paths that know one mode show).
 */
function paymentOf(input: TCreateReceiptInput, taxPaise: number) {
  const parts = receiptParts(input);
  const shares = taxShares(taxPaise, parts);
  const largest = largestPart(parts);
  return {
    mode: { paymentMode: largest.paymentMode, paymentReference: referenceOf(largest) },
    payments: parts.map((part, i) => ({
      paymentMode: part.paymentMode,
      paymentReference: referenceOf(part),
      amountPaise: part.amount,
      taxPaise: shares[i] ?? 0,
    })),
    instrument: instrumentOf(parts),
  };
}

/** Phone and email typed on the form; left out, the student's own. */
function contact(input: { phone?: string; email?: string }, student: ReceiptStudent) {
  return {
    phone: input.phone === undefined ? student.phone : input.phone || null,
    email: input.email === undefined ? student.email : input.email.toLowerCase() || null,
  };
}

export interface CreatedReceipt {
  number: number;
  receiptId: number;
  date: string;
  totalPaise: number;
  taxRateBasisPoints: number;
  taxPaise: number;
  netPaise: number;
}

/**
 * Today, the back-dating limit of the settings (`backdateLimitDays` when the caller read it already:
 * the receipt student's read brings it), and whether this user is exempt from it (admins are).
 */
export async function receiptDateRule(
  db: Reader,
  access: DepartmentAccess,
  backdateLimitDays?: number | null,
  mode: ReceiptMode = 'direct',
): Promise<ReceiptDateRule> {
  return {
    today: today(),
    backdateLimitDays: backdateLimitDays ?? (await getBackdateLimitDays(db)),
    mayBackdate: access.role === 'admin' || mode === 'approved',
  };
}

/** A receipt date is never after today, nor older than the back-dating limit unless an admin gives it. */
export async function assertReceiptDate(
  db: Reader,
  date: string,
  access: DepartmentAccess,
  backdateLimitDays?: number | null,
): Promise<void> {
  const problem = receiptDateProblem(date, await receiptDateRule(db, access, backdateLimitDays));
  if (problem) refuse('BAD_INPUT', problem);
}

/**
 * How a receipt is written: `direct` by a program that never waits (a gateway's payment, a bank line),
 * `maker` by a clerk at the counter (a date before the back-dating limit may wait for approval),
 * `approved` as an approved request's replay.
 */
export type ReceiptMode = WriteMode | 'direct';

/**
 * Whether a receipt of this date must wait for a second person: dated before the back-dating limit, by
 * someone the limit binds, while back-dated receipts are held; otherwise a date out of range is refused.
 */
async function backdatedWaits(
  db: Reader,
  date: string,
  access: DepartmentAccess,
  backdateLimitDays: number | null,
  mode: ReceiptMode,
): Promise<boolean> {
  const rule = await receiptDateRule(db, access, backdateLimitDays, mode);
  const problem = receiptDateProblem(date, rule);
  if (!problem) return false;
  const held =
    mode === 'maker' &&
    date < rule.today &&
    date >= EARLIEST_DATE &&
    (await approvalNeeded(db, 'backdated', access, mode));
  return held || refuse('BAD_INPUT', problem);
}

/** A receipt written at once, never held (programs: a gateway's payment, an accepted bank line). */
export function createReceipt(
  db: Reader,
  actor: AuditActor,
  input: TCreateReceiptInput,
  access: DepartmentAccess,
): Promise<CreatedReceipt> {
  return writeReceipt(db, actor, input, access, 'direct');
}

/**
 * A receipt taken at the counter: one dated before the back-dating limit becomes a request when back-dated
 * receipts need a second person. It is not numbered until it is approved: numbers follow each other
 * without gaps, and a rejected request must not leave a hole or a number on nobody's paper.
 */
export function takeReceipt(
  db: Reader,
  actor: AuditActor,
  input: TCreateReceiptInput,
  access: DepartmentAccess,
  mode: WriteMode = 'maker',
): Promise<CreatedReceipt | SentForApproval> {
  return writeReceipt(db, actor, input, access, mode);
}

function writeReceipt(
  db: Reader,
  actor: AuditActor,
  input: TCreateReceiptInput,
  access: DepartmentAccess,
  mode: 'direct',
): Promise<CreatedReceipt>;
function writeReceipt(
  db: Reader,
  actor: AuditActor,
  input: TCreateReceiptInput,
  access: DepartmentAccess,
  mode: ReceiptMode,
): Promise<CreatedReceipt | SentForApproval>;
function writeReceipt(
  db: Reader,
  actor: AuditActor,
  input: TCreateReceiptInput,
  access: DepartmentAccess,
  mode: ReceiptMode,
): Promise<CreatedReceipt | SentForApproval> {
  return inWriteTransaction(db, (db) =>
    onceForKey(db, { actor, operation: 'receipts.create', input }, async (claim) => {
      const student = await studentOfDepartment(db, input, access, true);
      const waits = await backdatedWaits(db, input.date, access, student.backdateLimitDays, mode);
      if (waits && !isRequestReason(input.backdatedReason)) refuse('BAD_INPUT', backdatedReasonMessage(input.date));
      // Both reads are sent at once (on PostgreSQL one round trip follows the other without a turn of
      // the event loop between); a closed day still refuses first.
      const [, balances, taxes] = await Promise.all([
        assertDayOpen(db, actor, access, {
          departmentId: student.departmentId,
          date: input.date,
          change: 'create a receipt',
          reason: input.closedDayReason ?? null,
        }),
        balancesOf(db, student, input.items),
        taxableFeeHeads(db),
      ]);
      const untaxed = adjustedFromAdvance(input);
      const priced = await checkedReceipt(db, student, input, { taxes, untaxed }, balances);
      const rate = priced.taxRateBasisPoints;
      await assertAdvanceSettlement(db, student, input, balances);
      if (waits) {
        const sent = await sendForApproval(db, actor, {
          departmentId: student.departmentId,
          operation: 'backdated',
          summary: {
            what:
              `Receipt of ${paiseToRupeesText(priced.netPaise)} dated ${formatDate(input.date)} ` +
              `for ${student.name}`,
            studentName: student.name,
            admissionNo: student.admissionNo,
            receiptNumber: null,
            amountPaise: priced.netPaise,
            date: input.date,
          },
          input,
          entityId: student.id,
          entityVersion: null,
          reason: (input.backdatedReason ?? '').trim(),
        });
        if (claim) await settleIdempotencyKey(db, claim, sent);
        return sent;
      }
      const { mode: paidBy, payments, instrument } = paymentOf(input, priced.taxPaise);
      const master = {
        departmentId: student.departmentId,
        courseId: student.courseId,
        batchId: student.batchId,
        studentId: student.id,
        date: input.date,
        studentName: student.name,
        address: student.address,
        ...contact(input, student),
        totalPaise: priced.totalPaise,
        taxRateBasisPoints: rate,
        taxPaise: priced.taxPaise,
        netPaise: priced.netPaise,
        ...paidBy,
        createdBy: actor.userId,
      };
      const figures = {
        date: input.date,
        totalPaise: priced.totalPaise,
        taxRateBasisPoints: rate,
        taxPaise: priced.taxPaise,
        netPaise: priced.netPaise,
      };
      // The counter row's lock is taken here, by the write's last statement, after every read and check:
      // receipts queue on it until COMMIT.
      const { id: receiptId, number } = await insertNumberedReceipt(db, {
        receipt: master,
        lines: priced.lines,
        payments,
        audit: {
          actor,
          admissionNo: student.admissionNo,
          after: {
            ...master,
            ...instrument,
            status: 'live',
            admissionNo: student.admissionNo,
            payments,
            lines: priced.lines,
          },
        },
        instrument,
        idempotency: claim && { claim, result: figures },
        // Written by the same statement: the counter never waits for a message of its own.
        outbox: newReceiptOutbox({
          departmentId: student.departmentId,
          studentId: student.id,
          studentName: student.name,
          admissionNo: student.admissionNo,
          netPaise: priced.netPaise,
          date: input.date,
        }),
      });
      return { number, receiptId, ...figures };
    }),
  );
}

async function loadReceipt(db: Reader, number: number, access: DepartmentAccess): Promise<StoredReceipt> {
  const receipt =
    (await findReceiptByNumber(db, number)) ?? refuse('NOT_FOUND', `Receipt ${receiptLabel(number)} does not exist`);
  assertDepartmentAccess(access, receipt.departmentId);
  return receipt;
}

/**
 * An edit keeps the number, the student and the GST each head was issued with; a head new to the receipt is
 * taxed as it is today.
 */
export function updateReceipt(
  db: Reader,
  actor: AuditActor,
  input: TUpdateReceiptInput,
  access: DepartmentAccess,
): Promise<CreatedReceipt> {
  return inWriteTransaction(db, async (db) => {
    await lockStudentOfReceipt(db, input.number);
    const receipt = await loadReceipt(db, input.number, access);
    if (receipt.departmentId !== input.depId) refuse('FORBIDDEN', 'This receipt belongs to another department');
    assertCurrentVersion('receipt', receipt, input.version);
    if (receipt.status === 'voided')
      refuse('CONFLICT', `Receipt ${receiptLabel(receipt.number)} has been voided and cannot be edited`);
    if (receipt.studentId !== input.studentId) refuse('BAD_INPUT', 'A receipt cannot be moved to another student');
    if (!roleCan(access.role, 'write')) {
      const correctable = mayCorrectReceipt({ ...access, userId: actor.userId }, receipt);
      if (!correctable || input.date !== receipt.date) {
        refuse(
          'FORBIDDEN',
          'A cashier may correct only its own receipts, on the day they were dated; ask an accountant',
        );
      }
    }
    // An old receipt keeps its date through an edit; a new date must be one the user may give.
    if (input.date !== receipt.date) await assertReceiptDate(db, input.date, access);
    if ((receipt.paymentMode === 'advance') !== adjustedFromAdvance(input)) {
      refuse(
        'BAD_INPUT',
        'A receipt cannot be changed to or from "Adjusted from advance": void it and enter a new one',
      );
    }
    const change = `edit receipt ${receiptLabel(receipt.number)}`;
    for (const date of new Set([receipt.date, input.date])) {
      await assertDayOpen(db, actor, access, {
        departmentId: receipt.departmentId,
        date,
        change,
        reason: input.closedDayReason ?? null,
      });
    }
    const student = await studentOfDepartment(db, input, access);
    const oldLines = await listReceiptLines(db, receipt.id);
    const oldPayments = await listReceiptPayments(db, receipt.id);
    const balances = await balancesOf(db, student, input.items);
    const taxes = {
      taxes: await taxableFeeHeads(db),
      issuedTaxes: issuedTaxesOf(oldLines),
      untaxed: adjustedFromAdvance(input),
    };
    const priced = await checkedReceipt(db, student, input, taxes, balances, sumByHead(oldLines));
    const rate = priced.taxRateBasisPoints;
    const { mode, payments, instrument } = paymentOf(input, priced.taxPaise);
    await keepSettledCheque(db, receipt, oldPayments, payments, instrument);
    await assertAdvanceSettlement(
      db,
      student,
      input,
      balances,
      receipt.paymentMode === 'advance' ? receipt.totalPaise : 0,
    );
    const edit = {
      date: input.date,
      ...contact(input, student),
      totalPaise: priced.totalPaise,
      taxRateBasisPoints: rate,
      taxPaise: priced.taxPaise,
      netPaise: priced.netPaise,
      ...mode,
    };
    await keepingAdvanceCovered(db, student, () =>
      updateReceiptRows(db, {
        receiptId: receipt.id,
        studentId: receipt.studentId,
        edit,
        lines: priced.lines,
        payments,
      }),
    );
    if (!instrument) await deleteChequeOfReceipt(db, receipt.id);
    else if (receipt.bank === null)
      await insertCheque(db, {
        ...instrument,
        receiptId: receipt.id,
        departmentId: receipt.departmentId,
        studentId: receipt.studentId,
      });
    else await updateChequeInstrument(db, { receiptId: receipt.id, ...instrument });
    await writeAudit(db, {
      actor,
      action: 'update',
      entity: 'receipt',
      entityId: receipt.number,
      before: snapshot(receipt, oldLines, oldPayments),
      after: snapshot({ ...receipt, ...edit, bank: null, ...instrument }, priced.lines, payments),
    });
    await receiptMessages(
      db,
      { event: 'receipt_edited', fromVersion: receipt.version },
      { ...receipt, netPaise: priced.netPaise, date: input.date },
    );
    return {
      number: receipt.number,
      receiptId: receipt.id,
      date: input.date,
      totalPaise: priced.totalPaise,
      taxRateBasisPoints: rate,
      taxPaise: priced.taxPaise,
      netPaise: priced.netPaise,
    };
  });
}

/** A cleared cheque's part stays as the bank credited it: its mode, bank, number and date cannot change. */
async function keepSettledCheque(
  db: Reader,
  receipt: StoredReceipt,
  oldPayments: readonly NewReceiptPayment[],
  payments: readonly NewReceiptPayment[],
  instrument: { bank: string; instrumentNo: string; instrumentDate: string } | null,
): Promise<void> {
  if (receipt.chequeStatus !== 'cleared') return;
  const cleared = oldPayments.find((p) => isInstrumentMode(p.paymentMode));
  const kept = payments.find((p) => isInstrumentMode(p.paymentMode));
  const same =
    cleared !== undefined &&
    kept?.paymentMode === cleared.paymentMode &&
    instrument?.bank === receipt.bank &&
    instrument.instrumentNo === receipt.instrumentNo &&
    instrument.instrumentDate === receipt.instrumentDate;
  if (same) return;
  const cheque = await findChequeOfReceipt(db, receipt.id);
  const label = PAYMENT_MODE_LABELS[cleared?.paymentMode ?? receipt.paymentMode].toLowerCase();
  refuse(
    'CONFLICT',
    `The ${label} of receipt ${receiptLabel(receipt.number)} was cleared on ${formatDate(cheque?.clearedOn)}; ` +
      `its payment details cannot be changed`,
  );
}

/**
 * A voided receipt keeps its number and its rows, and counts nowhere. When voids need a second person,
 * a non-admin's void becomes a request and the receipt stays as it is until it is approved.
 */
export function voidReceipt(
  db: Reader,
  actor: AuditActor,
  input: TVoidReceiptInput,
  access: DepartmentAccess,
  mode: WriteMode = 'maker',
) {
  return inWriteTransaction(db, async (db): Promise<VoidedReceipt | SentForApproval> => {
    await lockStudentOfReceipt(db, input.number);
    const receipt = await loadReceipt(db, input.number, access);
    assertCurrentVersion('receipt', receipt, input.version);
    await assertDayOpen(db, actor, access, {
      departmentId: receipt.departmentId,
      date: receipt.date,
      change: `void receipt ${receiptLabel(receipt.number)}`,
      // The void's own reason serves an admin's Delete dialog, which asks only that.
      reason: input.closedDayReason ?? input.reason,
    });
    if (await approvalNeeded(db, 'void', access, mode)) {
      if (receipt.status === 'voided') refuse('CONFLICT', `Receipt ${receiptLabel(receipt.number)} is already voided`);
      return sendForApproval(db, actor, {
        departmentId: receipt.departmentId,
        operation: 'void',
        summary: {
          what: `Void receipt ${receiptLabel(receipt.number)}`,
          studentName: receipt.studentName,
          admissionNo: receipt.admissionNo,
          receiptNumber: receipt.number,
          amountPaise: receipt.netPaise,
          date: receipt.date,
        },
        input: { ...input, version: receipt.version },
        entityId: receipt.number,
        entityVersion: receipt.version,
        reason: input.reason,
      });
    }
    const voided = await markVoided(db, actor, receipt, input.reason);
    await receiptMessages(db, { event: 'receipt_voided', reason: input.reason }, receipt);
    return voided;
  });
}

/**
 * Voids a live receipt in the caller's transaction: status, who and when, and the audit row with the
 * reason (a bounced cheque's receipt goes through here too).
 */
export interface VoidedReceipt {
  number: number;
  status: 'voided';
  voidedAt: string | null;
  message: string;
}

export async function markVoided(
  db: WriteTx,
  actor: AuditActor,
  receipt: StoredReceipt,
  reason: string,
): Promise<VoidedReceipt> {
  const number = receipt.number;
  if (receipt.status === 'voided') refuse('CONFLICT', `Receipt ${receiptLabel(number)} is already voided`);
  const lines = await listReceiptLines(db, receipt.id);
  const payments = await listReceiptPayments(db, receipt.id);
  const voidedAt = await keepingAdvanceCovered(
    db,
    { id: receipt.studentId, batchId: receipt.batchId },
    () => markReceiptVoided(db, { receiptId: receipt.id, userId: actor.userId })!,
  );
  await writeAudit(db, {
    actor,
    action: 'void',
    entity: 'receipt',
    entityId: number,
    before: snapshot(receipt, lines, payments),
    after: { status: 'voided', voidedAt, voidedBy: actor.userId, reason },
  });
  return { number, status: 'voided' as const, voidedAt, message: 'Data deleted successfully' };
}
