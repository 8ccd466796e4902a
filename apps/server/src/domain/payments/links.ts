/**
 * Payment links as the office makes and follows them: one for a student (the dues as of today, chosen
 * instalments, or a typed amount no larger than what is open), in bulk for a batch's defaulters, the
 * list with its statuses, cancelling one, and Refresh (the gateway asked at once). The gateway is
 * called before anything is written: when it is down the clerk reads why and nothing is saved.
 */
import { randomBytes } from 'node:crypto';
import {
  type AuditActor,
  type Database,
  findPaymentLink,
  insertPaymentLink,
  listPaymentLinks,
  type PaymentLinkRow,
  type ReceiptStudent,
  updatePaymentLinkStatus,
  writeAudit,
} from '@fees/db';
import {
  AppError,
  formatDate,
  formatRupees,
  refuse,
  type TCreatePaymentLinkInput,
  type TListPaymentLinksInput,
  type TPaymentLinkIdInput,
} from '@fees/validation';
import { actorOf } from '../../audit';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess, type DepartmentAccess } from '../../department-access';
import { paymentLinkMessages } from '../messages/outbox';
import { studentDuesView } from '../plans/service';
import { studentOfDepartment } from '../receipts/service';
import { inTransaction } from '../write';
import { GatewayError, type GatewayLink } from './gateway';
import { pollLinks } from './poll';
import { PAYMENT_RETURN_PATH, type PaymentsSetup } from './setup';

export type PaymentsContext = AuthedContext & { payments: PaymentsSetup | null };

/** The gateway, or a clear refusal when none is set up. */
export function gatewayOf(ctx: { payments: PaymentsSetup | null }): PaymentsSetup {
  return (
    ctx.payments ??
    refuse(
      'NOT_FOUND',
      'Online payments are not set up on this server (RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET): ask the administrator',
    )
  );
}

/** A gateway's failure as the clerk reads it; nothing was saved. */
export function gatewayRefusal(error: unknown, label: string, what: string): never {
  if (error instanceof GatewayError) throw new AppError('UNAVAILABLE', `${label} could not ${what}: ${error.message}`);
  throw error;
}

/** Our reference for the gateway (unique, at most 40 characters as Razorpay allows). */
function newReference(depId: number): string {
  return `F${depId}-${Date.now().toString(36)}-${randomBytes(5).toString('hex')}`;
}

/** What a link asks for: the amount and the words the family reads at the gateway. */
async function linkAmount(
  db: Database,
  student: ReceiptStudent,
  input: Pick<TCreatePaymentLinkInput, 'amount' | 'instalmentIds'>,
): Promise<{ amountPaise: number; description: string }> {
  const asOf = today();
  const dues = await studentDuesView(db, student, asOf);
  const open = dues.toCollect + dues.upcoming.reduce((s, i) => s + Math.max(0, i.outstanding), 0);
  if (input.instalmentIds) {
    const all = [...dues.instalments, ...dues.upcoming];
    const chosen = input.instalmentIds.map(
      (id) => all.find((i) => i.id === id) ?? refuse('BAD_INPUT', `Instalment ${id} is not one of ${student.name}'s`),
    );
    const amountPaise = chosen.reduce((s, i) => s + Math.max(0, i.outstanding), 0);
    if (amountPaise <= 0) refuse('BAD_INPUT', 'Nothing is left to pay on the chosen instalments');
    return { amountPaise, description: `Fees: ${chosen.map((i) => i.name).join(', ')}`.slice(0, 2000) };
  }
  if (input.amount !== undefined) {
    if (input.amount > open) {
      refuse(
        'BAD_INPUT',
        `Rs ${formatRupees(input.amount)} is more than everything ${student.name} has open (Rs ${formatRupees(open)})`,
      );
    }
    return { amountPaise: input.amount, description: `Fees of ${student.name} (${student.admissionNo})` };
  }
  if (dues.toCollect <= 0) refuse('BAD_INPUT', `${student.name} has nothing due as of ${formatDate(asOf)}`);
  return { amountPaise: dues.toCollect, description: `Fees due as of ${formatDate(asOf)}` };
}

/** The link asked for at the gateway, then stored with its audit row (and its messages when sent). */
export async function createLinkFor(
  db: Database,
  setup: PaymentsSetup,
  actor: AuditActor,
  student: ReceiptStudent,
  input: Pick<TCreatePaymentLinkInput, 'amount' | 'instalmentIds' | 'expiresInDays' | 'send'>,
): Promise<PaymentLinkRow> {
  const { amountPaise, description } = await linkAmount(db, student, input);
  const referenceId = newReference(student.departmentId);
  const expiresAt = new Date(Date.now() + input.expiresInDays * 86_400_000);
  const { gateway } = setup;
  let made: GatewayLink;
  try {
    made = await gateway.createLink({
      amountPaise,
      referenceId,
      description,
      expiresAt,
      customer: { name: student.name, contact: student.phone, email: student.email },
      callbackUrl: setup.returnOrigin ? `${setup.returnOrigin}${PAYMENT_RETURN_PATH}` : null,
    });
  } catch (error) {
    gatewayRefusal(error, gateway.label, 'create the link (nothing was saved; try again)');
  }
  if (made.amountPaise !== amountPaise) {
    throw new AppError('UNAVAILABLE', `${gateway.label} made a link for a different amount: nothing was saved`);
  }
  return inTransaction({ db }, async (tx) => {
    const link = await insertPaymentLink(tx, {
      gateway: gateway.name,
      departmentId: student.departmentId,
      studentId: student.id,
      admissionNo: student.admissionNo,
      studentName: student.name,
      amountPaise,
      description,
      referenceId,
      gatewayLinkId: made.id,
      shortUrl: made.shortUrl,
      status: 'created',
      amountPaidPaise: 0,
      expiresAt: (made.expiresAt ? new Date(made.expiresAt) : expiresAt).toISOString(),
      createdBy: actor.userId,
    });
    await writeAudit(tx, {
      actor,
      action: 'create',
      entity: 'payment_link',
      entityId: String(link.id),
      after: { ...link },
    });
    if (input.send) await paymentLinkMessages(tx, link);
    return link;
  });
}

export async function createPaymentLink(ctx: PaymentsContext, input: TCreatePaymentLinkInput) {
  const setup = gatewayOf(ctx);
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  return linkView(await createLinkFor(ctx.db, setup, actorOf(ctx), student, input));
}

/** A link as screens and REST read it. */
export function linkView(link: PaymentLinkRow & { receiptNumbers?: number[] }) {
  return {
    id: link.id,
    studentId: link.studentId,
    admissionNo: link.admissionNo,
    studentName: link.studentName,
    amountPaise: link.amountPaise,
    amountPaidPaise: link.amountPaidPaise,
    description: link.description,
    url: link.shortUrl,
    status: link.status,
    expiresAt: link.expiresAt,
    createdAt: link.createdAt,
    lastPolledAt: link.lastPolledAt,
    pollError: link.pollError,
    receiptNumbers: link.receiptNumbers ?? [],
  };
}

export async function listLinks(ctx: AuthedContext, input: TListPaymentLinksInput) {
  const links = await listPaymentLinks(ctx.db, {
    departmentId: input.depId,
    status: input.status,
    admissionNo: input.admissionNo || undefined,
    studentId: input.studentId,
    limit: input.limit,
  });
  return links.map(linkView);
}

async function linkOfDepartment(db: Database, access: DepartmentAccess, input: TPaymentLinkIdInput) {
  const link = await findPaymentLink(db, input.id);
  if (!link || link.departmentId !== input.depId) refuse('NOT_FOUND', 'No such payment link in this department');
  assertDepartmentAccess(access, link.departmentId);
  return link;
}

/**
 * Cancels an open link at the gateway, then here. A link the gateway says was paid meanwhile is not
 * cancelled: its payment is applied instead, and the clerk is told.
 */
export async function cancelPaymentLink(ctx: PaymentsContext, input: TPaymentLinkIdInput) {
  const setup = gatewayOf(ctx);
  const link = await linkOfDepartment(ctx.db, ctx.session, input);
  if (link.status !== 'created' && link.status !== 'partially_paid') {
    refuse('CONFLICT', `This link is ${link.status.replace('_', ' ')}: only an open link can be cancelled`);
  }
  let answer: GatewayLink;
  try {
    answer = await setup.gateway.cancelLink(link.gatewayLinkId);
  } catch (error) {
    // Paid (or expired) meanwhile: the gateway refuses the cancel; what it says of the link is applied.
    await pollLinks(ctx.db, setup.gateway, { linkIds: [link.id] });
    const now = await findPaymentLink(ctx.db, link.id);
    if (now && now.status !== 'created' && now.status !== 'partially_paid') {
      refuse('CONFLICT', `The link was ${now.status.replace('_', ' ')} before it could be cancelled`);
    }
    gatewayRefusal(error, setup.gateway.label, 'cancel the link (it is still open; try again)');
  }
  const actor = actorOf(ctx);
  await inTransaction(ctx, async (tx) => {
    await updatePaymentLinkStatus(tx, { id: link.id, status: answer.status, amountPaidPaise: answer.amountPaidPaise });
    await writeAudit(tx, {
      actor,
      action: 'update',
      entity: 'payment_link',
      entityId: String(link.id),
      before: { status: link.status },
      after: { status: answer.status },
    });
  });
  return linkView((await findPaymentLink(ctx.db, link.id)) ?? link);
}

/** Refresh: the department's open links asked of the gateway now; says what changed. */
export async function refreshPaymentLinks(ctx: PaymentsContext, input: { depId: number }) {
  const setup = gatewayOf(ctx);
  return pollLinks(ctx.db, setup.gateway, { departmentId: input.depId });
}

/** The student's links sent again through the messages (a new event each time: the family asked). */
export async function sendPaymentLink(ctx: PaymentsContext, input: TPaymentLinkIdInput) {
  const link = await linkOfDepartment(ctx.db, ctx.session, input);
  if (link.status !== 'created' && link.status !== 'partially_paid') {
    refuse('CONFLICT', 'Only an open link can be sent');
  }
  const queued = await inTransaction(ctx, (tx) => paymentLinkMessages(tx, link, new Date().toISOString()));
  return { queued };
}
