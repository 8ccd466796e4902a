/**
 * Bank statement reconciliation: a statement file is read through its account's column mapping, each
 * credit matched to a receipt already there or proposed for a student (matchStatement, @fees/money), and
 * the accountant accepts a proposal (an ordinary receipt, once per line) or ignores a line with a reason.
 */
import {
  admissionNumbers,
  duesBalancesOfDepartment,
  findBankAccount,
  findStatement,
  findStatementByHash,
  findStatementLine,
  insertStatement,
  isUniqueViolation,
  knownLineHashes,
  listBankAccounts,
  listStatements,
  moveStatementLine,
  type NewStatementLine,
  saveBankAccountMapping,
  setStatementLineReceipt,
  type StatementLineView,
  statementLines,
  studentFeeBalances,
  unbankedSettlementLines,
  unmatchedReceiptParts,
  taxableFeeHeads,
  type WriteTx,
  writeAudit,
} from '@fees/db';
import {
  addDays,
  allocateCredit,
  MATCH_DAYS_AFTER,
  MATCH_DAYS_BEFORE,
  matchStatement,
  statementTotals,
  summariseSettlements,
} from '@fees/money';
import {
  firstRowOfEachHead,
  formatRupees,
  paiseToRupeesText,
  refuse,
  STATEMENT_LINE_STATE_LABELS,
  statementLineReference,
  type TAcceptStatementLineInput,
  type TIgnoreStatementLineInput,
  type TImportStatementInput,
  type TReopenStatementLineInput,
  type TStatementFileInput,
  type TStatementInput,
  type TStatementMapping,
  ZCreateReceiptInput,
  ZStatementMapping,
} from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess, type DepartmentAccess } from '../../department-access';
import { lateFeeBalanceRows } from '../plans/service';
import { createReceipt, studentOfDepartment } from '../receipts/service';
import { advanceHeadRow } from '../refunds/advance';
import { inTransaction } from '../write';
import { fileHash, readStatement, type StatementEntry, statementRows } from './statement-file';

function decodeFile(input: TStatementFileInput): Uint8Array {
  const bytes = Buffer.from(input.fileBase64, 'base64');
  if (bytes.length === 0) refuse('BAD_INPUT', 'fileBase64: the file is empty');
  return bytes;
}

function rememberedMapping(text: string | undefined): TStatementMapping | null {
  if (!text) return null;
  const parsed = ZStatementMapping.safeParse(JSON.parse(text));
  return parsed.success ? parsed.data : null;
}

const credits = (entries: StatementEntry[]) => entries.filter((e) => e.creditPaise > 0);

/** A department's bank accounts with their remembered mappings (the upload form offers them). */
export async function bankAccountsOf(ctx: AuthedContext, input: { depId: number }) {
  assertDepartmentAccess(ctx.session, input.depId);
  const accounts = await listBankAccounts(ctx.db, { departmentId: input.depId });
  return accounts.map((a) => ({ id: a.id, name: a.name, mapping: rememberedMapping(a.mapping) }));
}

/**
 * What an upload would import, before anything is written: the file's header and the mapping used (the
 * one sent, else the account's remembered one, else one guessed from the headers), the credits read,
 * the rows that cannot be read, and whether this very file was imported already.
 */
export async function previewStatement(ctx: AuthedContext, input: TStatementFileInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const bytes = decodeFile(input);
  const rows = statementRows(input.fileName, bytes);
  const account = await findBankAccount(ctx.db, { departmentId: input.depId, name: input.bankAccount });
  const remembered = rememberedMapping(account?.mapping);
  const tries = [input.mapping ?? null, input.mapping ? null : remembered, null].filter(
    (m, i, all) => i === all.length - 1 || m !== null,
  );
  let problem: string | null = null;
  for (const mapping of tries) {
    try {
      const read = readStatement(rows, mapping);
      const found = credits(read.entries);
      const dates = read.entries.map((e) => e.date).sort();
      const previous = account
        ? await findStatementByHash(ctx.db, { bankAccountId: account.id, fileHash: fileHash(bytes) })
        : null;
      return {
        columns: read.columns.filter((c) => c !== ''),
        headerRow: read.headerRow,
        mapping: read.mapping,
        mappingSource:
          mapping === null
            ? ('guessed' as const)
            : mapping === remembered
              ? ('remembered' as const)
              : ('chosen' as const),
        problem,
        creditCount: found.length,
        creditPaise: found.reduce((s, e) => s + e.creditPaise, 0),
        debitCount: read.entries.filter((e) => e.debitPaise > 0).length,
        from: dates[0] ?? null,
        to: dates.at(-1) ?? null,
        sample: found.slice(0, 50).map(({ hash: _hash, ...entry }) => entry),
        problems: read.problems.slice(0, 20),
        problemCount: read.problems.length,
        alreadyImported: previous?.id ?? null,
      };
    } catch (error) {
      problem ??= error instanceof Error ? error.message : String(error);
    }
  }
  // No header could be found: the accountant maps the columns of the widest of the first rows by hand.
  const widest = rows
    .slice(0, 40)
    .reduce((a, b) => (b.cells.filter(Boolean).length > a.length ? b.cells.filter(Boolean) : a), [] as string[]);
  return {
    columns: widest,
    headerRow: null,
    mapping: null,
    mappingSource: null,
    problem,
    creditCount: 0,
    creditPaise: 0,
    debitCount: 0,
    from: null,
    to: null,
    sample: [],
    problems: [],
    problemCount: 0,
    alreadyImported: null,
  };
}

/**
 * Imports a statement's credits once: the same file again is the statement already there; a line already
 * in an earlier statement of the account is not added again. The account remembers the mapping. Each new
 * credit is matched at once (matched, or unmatched with or without a proposal).
 */
export async function importStatement(ctx: AuthedContext, input: TImportStatementInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const bytes = decodeFile(input);
  const hash = fileHash(bytes);
  const read = readStatement(statementRows(input.fileName, bytes), input.mapping);
  const [first] = read.problems;
  if (first) {
    const more = read.problems.length - 1;
    refuse('BAD_INPUT', `${first.message}${more > 0 ? ` (and ${more} more row${more === 1 ? '' : 's'})` : ''}`);
  }
  const found = credits(read.entries);
  if (found.length === 0) refuse('BAD_INPUT', 'mapping: the statement has no credits in the Credit column');
  const dates = read.entries.map((e) => e.date).sort();
  const departmentId = input.depId;
  return inTransaction(ctx, async (tx, ctx) => {
    const bankAccountId = await saveBankAccountMapping(tx, {
      departmentId,
      name: input.bankAccount,
      mapping: JSON.stringify(input.mapping),
    });
    const existing = await findStatementByHash(tx, { bankAccountId, fileHash: hash });
    if (existing) return { statementId: existing.id, alreadyImported: true, added: 0, repeated: found.length };
    const known = await knownLineHashes(tx, { bankAccountId, hashes: found.map((e) => e.hash) });
    const fresh = found.filter((e) => !known.has(e.hash));
    const lines = await matchedLines(tx, { departmentId, bankAccountId }, fresh);
    const statementId = await insertStatement(
      tx,
      {
        bankAccountId,
        departmentId,
        fileName: input.fileName,
        fileHash: hash,
        fromDate: dates[0]!,
        toDate: dates.at(-1)!,
        repeatedLines: found.length - fresh.length,
        importedBy: ctx.session.userId,
      },
      lines,
    );
    if (statementId === null) refuse('CONFLICT', 'This statement is being imported by someone else: reload the list');
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'create',
      entity: 'bank_statement',
      entityId: statementId,
      after: {
        departmentId,
        bankAccount: input.bankAccount,
        fileName: input.fileName,
        credits: fresh.length,
        creditPaise: fresh.reduce((s, e) => s + e.creditPaise, 0),
        repeated: found.length - fresh.length,
      },
    });
    return { statementId, alreadyImported: false, added: fresh.length, repeated: found.length - fresh.length };
  }).catch((error: unknown) => {
    // Two statements of the account imported at the same moment may share a line or a receipt's match.
    if (isUniqueViolation(error))
      refuse('CONFLICT', 'Another statement of this account was imported meanwhile: upload this one again');
    throw error;
  });
}

/** The new lines with the matching's decision on each. */
async function matchedLines(
  tx: WriteTx,
  scope: { departmentId: number; bankAccountId: number },
  fresh: StatementEntry[],
): Promise<NewStatementLine[]> {
  if (fresh.length === 0) return [];
  const dates = fresh.map((e) => e.date).sort();
  const outcomes = matchStatement({
    credits: fresh.map((e, key) => ({
      key,
      date: e.date,
      narration: e.narration,
      reference: e.reference,
      amountPaise: e.creditPaise,
    })),
    parts: await unmatchedReceiptParts(tx, {
      departmentId: scope.departmentId,
      from: addDays(dates[0]!, -MATCH_DAYS_BEFORE),
      to: addDays(dates.at(-1)!, MATCH_DAYS_AFTER),
    }),
    students: await admissionNumbers(tx, { departmentId: scope.departmentId }),
    openDues: await duesBalancesOfDepartment(tx, { departmentId: scope.departmentId }),
    // The gateway's settlements are the foundation's, credited to whichever account a department keeps.
    settlements: summariseSettlements(
      await unbankedSettlementLines(tx, { from: addDays(dates[0]!, -MATCH_DAYS_BEFORE), to: dates.at(-1)! }),
    ),
  });
  return fresh.map((e, i) => {
    const outcome = outcomes[i]!;
    return {
      ...scope,
      lineHash: e.hash,
      rowNo: e.rowNo,
      date: e.date,
      narration: e.narration,
      reference: e.reference,
      amountPaise: e.creditPaise,
      balancePaise: e.balancePaise,
      state: outcome.state,
      matchRule: outcome.state === 'matched' ? outcome.rule : (outcome.proposal?.rule ?? null),
      receiptId: outcome.state === 'matched' && outcome.rule !== 'settlement' ? outcome.receiptId : null,
      partNo: outcome.state === 'matched' && outcome.rule !== 'settlement' ? outcome.partNo : null,
      settlementId: outcome.state === 'matched' && outcome.rule === 'settlement' ? outcome.settlementId : null,
      proposedStudentId: outcome.state === 'unmatched' ? (outcome.proposal?.studentId ?? null) : null,
    };
  });
}

export async function statementsOf(ctx: AuthedContext, input: { depId: number }) {
  assertDepartmentAccess(ctx.session, input.depId);
  return await listStatements(ctx.db, { departmentId: input.depId });
}

/** A statement with its lines and the count and sum per state (they add up to its credits). */
export async function statementView(ctx: AuthedContext, input: TStatementInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const statement = await findStatement(ctx.db, input.statementId);
  if (!statement || statement.departmentId !== input.depId) refuse('NOT_FOUND', 'No such statement in this department');
  const lines = await statementLines(ctx.db, { statementId: statement.id });
  return { statement, lines, totals: statementTotals(lines) };
}

async function lineOfDepartment(
  tx: WriteTx,
  input: { depId: number; lineId: number },
  access: DepartmentAccess,
): Promise<StatementLineView> {
  const line = await findStatementLine(tx, input.lineId);
  if (!line || line.departmentId !== input.depId) refuse('NOT_FOUND', 'No such statement line in this department');
  assertDepartmentAccess(access, line.departmentId);
  return line;
}

const stale = (): never => refuse('STALE', 'Someone else changed this line meanwhile: reload the statement');

/**
 * Accepting a line creates an ordinary receipt for the student, dated the credit's date, paid by UPI or
 * bank transfer with the UTR as reference, its lines filled as the counter would (each head up to its
 * balance, the rest to the advance). Once per line: accepting it again answers the same receipt.
 */
export function acceptStatementLine(ctx: AuthedContext, input: TAcceptStatementLineInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const line = await lineOfDepartment(tx, input, ctx.session);
    if (line.state === 'receipt_created' && line.receiptNumber !== null) {
      return { receiptNumber: line.receiptNumber, already: true };
    }
    if (line.state !== 'unmatched') {
      refuse('CONFLICT', `This line is ${STATEMENT_LINE_STATE_LABELS[line.state].toLowerCase()} already`);
    }
    // The line is claimed first: a second acceptance waits on its row and then finds it taken.
    const claimed = await moveStatementLine(tx, {
      id: line.id,
      from: ['unmatched'],
      version: input.version,
      state: 'receipt_created',
      matchRule: line.proposedStudentId === input.studentId ? null : 'by_hand',
      receiptId: null,
      partNo: null,
      ignoredReason: null,
      userId: ctx.session.userId,
    });
    if (!claimed) stale();
    const student = await studentOfDepartment(tx, { depId: input.depId, studentId: input.studentId }, ctx.session);
    // A credit is what the family paid: it becomes the receipt's lines as they stand when every head it
    // reaches is exempt (education fees are); a taxable head needs its GST worked out at the counter.
    const totalPaise = line.amountPaise;
    const heads = firstRowOfEachHead([
      ...(await studentFeeBalances(tx, student.id)),
      ...(await lateFeeBalanceRows(tx, student)),
      ...(await advanceHeadRow(tx)),
    ]);
    const items =
      allocateCredit(totalPaise, heads) ??
      refuse(
        'BAD_INPUT',
        `${formatRupees(line.amountPaise)} is more than ${student.name} owes, and there is no Advance head`,
      );
    const taxable = await taxableFeeHeads(tx);
    const taxed = heads.filter((h) => taxable.has(h.feeHeadId) && items.some((i) => i.feeHeadId === h.feeHeadId));
    if (taxed.length > 0)
      refuse(
        'BAD_INPUT',
        `${taxed.map((h) => h.feeHead).join(', ')} ${taxed.length === 1 ? 'is' : 'are'} taxed: ` +
          'write this receipt at the counter',
      );
    const receiptInput = ZCreateReceiptInput.safeParse({
      depId: input.depId,
      studentId: student.id,
      date: line.date,
      items: items.map((i) => ({ feeHeadId: i.feeHeadId, particulars: '', amount: paiseToRupeesText(i.amountPaise) })),
      paymentMode: input.paymentMode,
      paymentReference: statementLineReference(line),
      total: paiseToRupeesText(totalPaise),
      tax: '0.00',
      net: paiseToRupeesText(line.amountPaise),
      confirm: true,
    });
    if (!receiptInput.success) refuse('BAD_INPUT', receiptInput.error.issues[0]?.message ?? 'The receipt is not valid');
    const receipt = await createReceipt(tx, actorOf(ctx), receiptInput.data, ctx.session);
    await setStatementLineReceipt(tx, { id: line.id, receiptId: receipt.receiptId });
    return { receiptNumber: receipt.number, already: false };
  });
}

/** An unmatched line the accountant sets aside (a refund from a supplier, interest, a transfer between accounts). */
export function ignoreStatementLine(ctx: AuthedContext, input: TIgnoreStatementLineInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const line = await lineOfDepartment(tx, input, ctx.session);
    if (line.state !== 'unmatched') {
      refuse('CONFLICT', `This line is ${STATEMENT_LINE_STATE_LABELS[line.state].toLowerCase()} already`);
    }
    const moved = await moveStatementLine(tx, {
      id: line.id,
      from: ['unmatched'],
      version: input.version,
      state: 'ignored',
      matchRule: null,
      receiptId: null,
      partNo: null,
      ignoredReason: input.reason,
      userId: ctx.session.userId,
    });
    if (!moved) stale();
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'bank_statement_line',
      entityId: line.id,
      before: { departmentId: line.departmentId, state: line.state },
      after: { departmentId: line.departmentId, state: 'ignored', reason: input.reason },
    });
    return { ok: true };
  });
}

/**
 * Undoes an ignore, a match the accountant disagrees with, or a receipt created from the line and voided since:
 * the line is unmatched again.
 */
export function reopenStatementLine(ctx: AuthedContext, input: TReopenStatementLineInput) {
  return inTransaction(ctx, async (tx, ctx) => {
    const line = await lineOfDepartment(tx, input, ctx.session);
    const voided = line.state === 'receipt_created' && line.receiptStatus === 'voided';
    if (line.state !== 'ignored' && line.state !== 'matched' && !voided) {
      refuse('CONFLICT', 'A line with a live receipt created from it stays so: void the receipt first');
    }
    const moved = await moveStatementLine(tx, {
      id: line.id,
      from: [line.state],
      version: input.version,
      state: 'unmatched',
      matchRule: null,
      receiptId: null,
      partNo: null,
      ignoredReason: null,
      userId: ctx.session.userId,
    });
    if (!moved) stale();
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'bank_statement_line',
      entityId: line.id,
      before: { departmentId: line.departmentId, state: line.state, receiptNumber: line.receiptNumber },
      after: { departmentId: line.departmentId, state: 'unmatched' },
    });
    return { ok: true };
  });
}
