import {
  allocateSponsorReceiptNumber,
  allocationsOfSponsorReceipts,
  deleteSponsorship,
  enrolmentHeadFees,
  findOpenEnrolment,
  findSponsor,
  findSponsorByName,
  insertSponsor,
  insertSponsorReceipt,
  insertSponsorship,
  listFeeHeads,
  listSponsors,
  listSponsorships,
  type Reader,
  type SponsorshipListRow,
  setShortfall,
  settleIdempotencyKey,
  sponsorReceiptsOf,
  studentFeeBalances,
  studentsForOptIn,
  writeAudit,
} from '@fees/db';
import {
  percentSharePaise,
  RECEIVABLE_AGES,
  type ReceivableAge,
  receivableAge,
  receivablePaise,
  shareLimitPaise,
  sponsoredPaise,
} from '@fees/money';
import {
  AppError,
  paiseToRupeesText,
  SPONSOR_MSG,
  type TCreateSponsorInput,
  type TCreateSponsorReceiptInput,
  type TCreateSponsorshipInput,
  type TRecordShortfallInput,
  type TRemoveSponsorshipInput,
  type TSponsorReceivablesInput,
  type TSponsorshipsInput,
  type TSponsorStatementInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { onceForKey } from '../../idempotency';
import { inTransaction } from '../write';

/** A share as the screens and the statement show it: what it is, what came and what is still expected. */
function shareView(s: SponsorshipListRow) {
  const share = { ...s, shortfallDate: s.shortfallDate };
  return {
    id: s.id,
    sponsorId: s.sponsorId,
    sponsor: s.sponsor,
    studentId: s.studentId,
    enrolmentId: s.enrolmentId,
    batchName: s.batchName,
    admissionNo: s.admissionNo,
    studentName: s.studentName,
    feeHeadId: s.feeHeadId,
    feeHead: s.feeHead,
    date: s.date,
    percentBasisPoints: s.percentBasisPoints,
    amountPaise: s.amountPaise,
    shortfallPaise: s.shortfallPaise,
    shortfallDate: s.shortfallDate,
    sponsoredPaise: sponsoredPaise(share),
    receivedPaise: s.receivedPaise,
    receivablePaise: receivablePaise(share, s.receivedPaise),
  };
}

export async function createSponsor(ctx: AuthedContext, input: TCreateSponsorInput) {
  const name = input.name.trim();
  return await inTransaction(ctx, async (tx, ctx) => {
    if (await findSponsorByName(tx, name)) throw new AppError('BAD_INPUT', SPONSOR_MSG.nameTaken(name));
    const sponsor = await insertSponsor(tx, { name, kind: input.kind ?? 'other' });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'create',
      entity: 'sponsor',
      entityId: sponsor.id,
      after: sponsor,
    });
    return sponsor;
  });
}

/** Every sponsor with what it stands for in the department: shares, received and still expected. */
export async function sponsorsOfDepartment(ctx: AuthedContext, input: { depId: number }) {
  const [all, shares] = await Promise.all([
    listSponsors(ctx.db),
    listSponsorships(ctx.db, { departmentId: input.depId }),
  ]);
  return all.map((s) => {
    const mine = shares.filter((x) => x.sponsorId === s.id).map(shareView);
    return {
      id: s.id,
      name: s.name,
      kind: s.kind,
      students: new Set(mine.map((x) => x.studentId)).size,
      sponsoredPaise: mine.reduce((t, x) => t + x.sponsoredPaise, 0),
      receivedPaise: mine.reduce((t, x) => t + x.receivedPaise, 0),
      receivablePaise: mine.reduce((t, x) => t + x.receivablePaise, 0),
    };
  });
}

export async function sponsorshipsView(ctx: AuthedContext, input: TSponsorshipsInput) {
  return (await listSponsorships(ctx.db, { departmentId: input.depId, ...pick(input) })).map(shareView);
}

const pick = (input: TSponsorshipsInput) => ({
  ...(input.sponsorId === undefined ? {} : { sponsorId: input.sponsorId }),
  ...(input.studentId === undefined ? {} : { studentId: input.studentId }),
});

async function sponsorOrRefuse(db: Reader, sponsorId: number) {
  const sponsor = await findSponsor(db, sponsorId);
  if (!sponsor) throw new AppError('NOT_FOUND', SPONSOR_MSG.unknownSponsor);
  return sponsor;
}

/**
 * A sponsor's share of one head of a student of the department, for their current enrolment: an amount, or a percent
 * of that enrolment's fee of the head less discounts; never more than that less the other sponsors' shares of the
 * same enrolment and head. A promoted student's fees of the years before never widen it.
 */
export async function createSponsorship(ctx: AuthedContext, input: TCreateSponsorshipInput) {
  return await inTransaction(ctx, async (tx, ctx) => {
    const sponsor = await sponsorOrRefuse(tx, input.sponsorId);
    const [student] = await studentsForOptIn(tx, [input.studentId]);
    if (!student || student.departmentId !== input.depId) throw new AppError('NOT_FOUND', SPONSOR_MSG.otherDepartment);
    const enrolment = await findOpenEnrolment(tx, student.id);
    if (!enrolment) throw new AppError('BAD_INPUT', SPONSOR_MSG.left(student.name));
    const head = (await studentFeeBalances(tx, student.id)).find((h) => h.feeHeadId === input.feeHeadId);
    const parts = head ? await headParts(tx, student.id, head) : [];
    if (!head || (parts.at(-1) ?? 0) <= 0)
      throw new AppError('BAD_INPUT', SPONSOR_MSG.notInBatch(head?.feeHead ?? 'This fee head'));
    const others = (await listSponsorships(tx, { departmentId: input.depId, studentId: student.id })).filter(
      (o) => o.feeHeadId === input.feeHeadId && o.enrolmentId === enrolment.id,
    );
    if (others.some((o) => o.sponsorId === sponsor.id))
      throw new AppError('BAD_INPUT', SPONSOR_MSG.already(sponsor.name, head.feeHead));
    const limit = shareLimitPaise(
      parts,
      head,
      others.reduce((t, o) => t + sponsoredPaise(o), 0),
    );
    const amountPaise =
      input.percent === undefined ? input.amount! : percentSharePaise(shareLimitPaise(parts, head, 0), input.percent);
    if (amountPaise > limit || amountPaise <= 0) {
      const field = input.percent === undefined ? 'Amount' : 'Percent';
      throw new AppError(
        'BAD_INPUT',
        SPONSOR_MSG.overLimit(field, head.feeHead, student.batchName, paiseToRupeesText(limit)),
      );
    }
    const row = await insertSponsorship(tx, {
      sponsorId: sponsor.id,
      studentId: student.id,
      enrolmentId: enrolment.id,
      feeHeadId: input.feeHeadId,
      date: input.date ?? today(),
      percentBasisPoints: input.percent ?? null,
      amountPaise,
      createdBy: ctx.session.userId,
    });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'create',
      entity: 'sponsorship',
      entityId: row.id,
      after: row,
    });
    return { id: row.id, amountPaise };
  });
}

/**
 * The parts charging a student's head, oldest first: an opening balance, each year promoted out of, then the current
 * enrolment's own fee (what is left of the head's whole fee).
 */
async function headParts(db: Reader, studentId: number, head: { feeHeadId: number; feePaise: number }) {
  const { promoted, opening } = await enrolmentHeadFees(db, studentId);
  const past = [
    opening.get(head.feeHeadId) ?? 0,
    ...promoted.filter((p) => p.feeHeadId === head.feeHeadId).map((p) => p.feePaise),
  ];
  return [...past, head.feePaise - past.reduce((t, fee) => t + fee, 0)];
}

async function ownShare(db: Reader, depId: number, id: number) {
  const [share] = await listSponsorships(db, { departmentId: depId, ids: [id] });
  if (!share) throw new AppError('NOT_FOUND', 'No such sponsorship in this department');
  return share;
}

/** A share entered by mistake, while nothing was received on it; the audit keeps it as it was. */
export async function removeSponsorship(ctx: AuthedContext, input: TRemoveSponsorshipInput) {
  return await inTransaction(ctx, async (tx, ctx) => {
    const before = await ownShare(tx, input.depId, input.id);
    if (before.receivedPaise > 0)
      throw new AppError('CONFLICT', 'Money was received on this sponsorship; record a shortfall instead');
    await deleteSponsorship(tx, input.id);
    await writeAudit(tx, { actor: actorOf(ctx), action: 'delete', entity: 'sponsorship', entityId: input.id, before });
    return { id: input.id };
  });
}

/**
 * A sanction that fell short: what the sponsor will not pay (all that is still expected, unless an amount is given)
 * returns to the student's dues, due on the date recorded.
 */
export async function recordShortfall(ctx: AuthedContext, input: TRecordShortfallInput) {
  return await inTransaction(ctx, async (tx, ctx) => {
    const before = await ownShare(tx, input.depId, input.id);
    if (before.shortfallPaise > 0) throw new AppError('CONFLICT', SPONSOR_MSG.shortfallTwice);
    const left = receivablePaise(before, before.receivedPaise);
    const shortfallPaise = input.amount ?? left;
    if (shortfallPaise <= 0 || shortfallPaise > left)
      throw new AppError('BAD_INPUT', `Amount: ${SPONSOR_MSG.shortfallOver(paiseToRupeesText(left))}`);
    await setShortfall(tx, { id: input.id, shortfallPaise, date: input.date });
    await writeAudit(tx, {
      actor: actorOf(ctx),
      action: 'update',
      entity: 'sponsorship',
      entityId: input.id,
      before,
      after: { ...before, shortfallPaise, shortfallDate: input.date },
    });
    return { id: input.id, shortfallPaise, date: input.date };
  });
}

/**
 * One allocation checked against the sponsor's shares: the parts it is spread over, or the message refusing it. A
 * student may hold several shares of the sponsor on one head (one per year's enrolment): the allocation settles them
 * oldest first, each within what is still expected of it, so last year's sanction can be received after a promotion.
 */
export async function checkAllocations(
  db: Reader,
  input: { depId: number; sponsorId: number },
  allocations: ReadonlyArray<{ studentId: number; feeHeadId: number; amount: number }>,
) {
  const sponsor = await sponsorOrRefuse(db, input.sponsorId);
  const shares = await listSponsorships(db, { departmentId: input.depId, sponsorId: sponsor.id });
  const byStudentHead = new Map<string, SponsorshipListRow[]>();
  for (const s of [...shares].sort((a, b) => a.id - b.id)) {
    const key = `${s.studentId}:${s.feeHeadId}`;
    byStudentHead.set(key, [...(byStudentHead.get(key) ?? []), s]);
  }
  const seen = new Set<string>();
  const headNames = new Map((await listFeeHeads(db)).map((h) => [h.id, h.name]));
  const students = new Map(
    (await studentsForOptIn(db, [...new Set(allocations.map((a) => a.studentId))])).map((s) => [s.id, s]),
  );
  const refused = (error: string) => ({ parts: [], error });
  return allocations.map((a) => {
    const key = `${a.studentId}:${a.feeHeadId}`;
    const held = byStudentHead.get(key) ?? [];
    const student = students.get(a.studentId);
    const who = student && student.departmentId === input.depId ? `${student.name} (${student.admissionNo})` : null;
    if (!who) return refused(SPONSOR_MSG.otherDepartment);
    if (held.length === 0)
      return refused(SPONSOR_MSG.noSponsorship(who, headNames.get(a.feeHeadId) ?? 'this head', sponsor.name));
    if (seen.has(key)) return refused(SPONSOR_MSG.twice(who, held[0]!.feeHead));
    seen.add(key);
    const left = held.reduce((t, s) => t + receivablePaise(s, s.receivedPaise), 0);
    if (a.amount > left) return refused(SPONSOR_MSG.overReceivable(who, held[0]!.feeHead, paiseToRupeesText(left)));
    const parts: Array<{ share: SponsorshipListRow; amount: number }> = [];
    let rest = a.amount;
    for (const share of held) {
      const taken = Math.min(rest, Math.max(0, receivablePaise(share, share.receivedPaise)));
      if (taken > 0) parts.push({ share, amount: taken });
      rest -= taken;
    }
    return { parts, error: null };
  });
}

export interface CreatedSponsorReceipt {
  id: number;
  number: number;
  amountPaise: number;
}

/**
 * One cheque or transfer from a sponsor, allocated across students and heads, numbered in the department's own
 * series: written once per idempotency key, with its allocations and audit row in one transaction.
 */
export async function createSponsorReceipt(
  ctx: AuthedContext,
  input: TCreateSponsorReceiptInput,
): Promise<CreatedSponsorReceipt> {
  return await inTransaction(ctx, (tx, ctx) =>
    onceForKey(tx, { actor: actorOf(ctx), operation: 'sponsors.receipt', input }, async (claim) => {
      const checked = await checkAllocations(tx, input, input.allocations);
      const refused = checked.findIndex((c) => c.error !== null);
      if (refused >= 0) throw new AppError('BAD_INPUT', `Allocation ${refused + 1}: ${checked[refused]!.error}`);
      const amountPaise = input.allocations.reduce((t, a) => t + a.amount, 0);
      const number = await allocateSponsorReceiptNumber(tx, input.depId);
      const row = {
        departmentId: input.depId,
        number,
        sponsorId: input.sponsorId,
        date: input.date,
        mode: input.mode,
        reference: input.reference,
        amountPaise,
        createdBy: ctx.session.userId,
      };
      const allocations = checked.flatMap((c) =>
        c.parts.map((p) => ({ sponsorshipId: p.share.id, amountPaise: p.amount })),
      );
      const id = await insertSponsorReceipt(tx, row, allocations);
      await writeAudit(tx, {
        actor: actorOf(ctx),
        action: 'create',
        entity: 'sponsor_receipt',
        entityId: id,
        after: { ...row, allocations },
      });
      const result = { id, number, amountPaise };
      if (claim) await settleIdempotencyKey(tx, claim, result);
      return result;
    }),
  );
}

/** A sponsor's statement in the department: every share with what came and what is expected, and its receipts. */
export async function sponsorStatement(ctx: AuthedContext, input: TSponsorStatementInput) {
  const sponsor = await sponsorOrRefuse(ctx.db, input.sponsorId);
  const [shares, receipts] = await Promise.all([
    listSponsorships(ctx.db, { departmentId: input.depId, sponsorId: sponsor.id }),
    sponsorReceiptsOf(ctx.db, { departmentId: input.depId, sponsorId: sponsor.id }),
  ]);
  const allocations = await allocationsOfSponsorReceipts(
    ctx.db,
    receipts.map((r) => r.id),
  );
  const views = shares.map(shareView);
  return {
    sponsor: { id: sponsor.id, name: sponsor.name, kind: sponsor.kind },
    shares: views,
    receipts: receipts.map((r) => ({
      ...r,
      allocations: allocations.filter((a) => a.sponsorReceiptId === r.id).map(({ sponsorReceiptId: _, ...a }) => a),
    })),
    totals: {
      sponsoredPaise: views.reduce((t, v) => t + v.sponsoredPaise, 0),
      receivedPaise: views.reduce((t, v) => t + v.receivedPaise, 0),
      shortfallPaise: views.reduce((t, v) => t + v.shortfallPaise, 0),
      receivablePaise: views.reduce((t, v) => t + v.receivablePaise, 0),
    },
  };
}

type Ages = Record<ReceivableAge, number>;
const noAges = (): Ages => Object.fromEntries(RECEIVABLE_AGES.map((a) => [a, 0])) as Ages;

/** What each sponsor still owes the department, by the age of each share (from the day it was recorded). */
export async function sponsorReceivables(ctx: AuthedContext, input: TSponsorReceivablesInput) {
  const shares = (await listSponsorships(ctx.db, { departmentId: input.depId })).filter((s) => s.date <= input.asOf);
  const bySponsor = new Map<number, { sponsorId: number; sponsor: string; ages: Ages; totalPaise: number }>();
  const totals = noAges();
  for (const s of shares) {
    const left = receivablePaise(s, s.receivedPaise);
    if (left === 0) continue;
    let entry = bySponsor.get(s.sponsorId);
    if (!entry) {
      entry = { sponsorId: s.sponsorId, sponsor: s.sponsor, ages: noAges(), totalPaise: 0 };
      bySponsor.set(s.sponsorId, entry);
    }
    const age = receivableAge(s.date, input.asOf);
    entry.ages[age] += left;
    entry.totalPaise += left;
    totals[age] += left;
  }
  const rows = [...bySponsor.values()];
  return { asOf: input.asOf, rows, totals: { ages: totals, totalPaise: rows.reduce((t, r) => t + r.totalPaise, 0) } };
}
