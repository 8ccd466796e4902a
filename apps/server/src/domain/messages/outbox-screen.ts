import { changeMessageStatus, findMessage, findReceiptByNumber, historyOfMessage, outboxPage } from '@fees/db';
import {
  AppError,
  receiptLabel,
  type TOutboxInput,
  type TMessageInput,
  type TSendReceiptAgainInput,
} from '@fees/validation';
import { addDays } from '@fees/money';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { inTransaction } from '../write';
import { receiptAgainMessages } from './outbox';

/** The Messages screen: the outbox of a department, one message with its history, retry and cancel. */

/** Midnight of a day in the server's TZ, as the UTC time the outbox stores. */
const startOfDay = (date: string) => new Date(`${date}T00:00:00`).toISOString();

export async function listOutbox(ctx: AuthedContext, input: TOutboxInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  return outboxPage(ctx.db, {
    departmentId: input.depId,
    channel: input.channel,
    status: input.status,
    from: input.from ? startOfDay(input.from) : undefined,
    until: input.to ? startOfDay(addDays(input.to, 1)) : undefined,
    studentId: input.studentId,
    admissionNo: input.admNo || undefined,
    limit: input.limit,
    offset: input.offset,
  });
}

async function messageOfDepartment(ctx: AuthedContext, input: TMessageInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const message = await findMessage(ctx.db, input.id);
  if (!message || message.departmentId !== input.depId) {
    throw new AppError('NOT_FOUND', 'No such message in this department');
  }
  return message;
}

export async function messageById(ctx: AuthedContext, input: TMessageInput) {
  const message = await messageOfDepartment(ctx, input);
  const { claimedBy: _claimedBy, claimedUntil: _claimedUntil, ...shown } = message;
  return { ...shown, history: await historyOfMessage(ctx.db, message.id) };
}

/** A failed or cancelled message goes back to the queue, due now, its attempts counted afresh. */
export async function retryMessage(ctx: AuthedContext, input: TMessageInput) {
  const message = await messageOfDepartment(ctx, input);
  const done = await changeMessageStatus(ctx.db, {
    id: message.id,
    from: ['failed', 'cancelled'],
    to: 'queued',
    detail: `Retried by ${ctx.session.email}`,
  });
  if (!done)
    throw new AppError('CONFLICT', `Only a failed or cancelled message can be retried (this one is ${message.status})`);
  return messageById(ctx, input);
}

/** A message still waiting is cancelled: the worker leaves it. */
export async function cancelMessage(ctx: AuthedContext, input: TMessageInput) {
  const message = await messageOfDepartment(ctx, input);
  const done = await changeMessageStatus(ctx.db, {
    id: message.id,
    from: ['queued'],
    to: 'cancelled',
    detail: `Cancelled by ${ctx.session.email}`,
  });
  if (!done) throw new AppError('CONFLICT', `Only a queued message can be cancelled (this one is ${message.status})`);
  return messageById(ctx, input);
}

/**
 * "Send again" on the receipt page: the receipt's message queued anew to each of the student's contacts
 * on each configured channel, under an event of its own (the time of the request), so it goes even where
 * the first was sent.
 */
export async function sendReceiptAgain(ctx: AuthedContext, input: TSendReceiptAgainInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const receipt = await findReceiptByNumber(ctx.db, input.receiptNumber);
  if (!receipt || receipt.departmentId !== input.depId) {
    throw new AppError('NOT_FOUND', `No receipt ${receiptLabel(input.receiptNumber)} in this department`);
  }
  if (receipt.status !== 'live') throw new AppError('BAD_INPUT', 'A voided receipt is not sent again');
  const facts = {
    number: receipt.number,
    departmentId: receipt.departmentId,
    studentId: receipt.studentId,
    studentName: receipt.studentName,
    admissionNo: receipt.admissionNo,
    netPaise: receipt.netPaise,
    date: receipt.date,
  };
  const queued = await inTransaction(ctx, (tx) => receiptAgainMessages(tx, facts, new Date().toISOString()));
  if (queued === 0) {
    throw new AppError('BAD_INPUT', 'Nothing to send: the student has no contact on a configured channel');
  }
  return { queued };
}
