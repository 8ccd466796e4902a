/**
 * The messages of maker and checker: a new request tells its department's approvers what waits, a
 * decision tells the person who asked. They are outbox rows of the request's or the decision's own
 * transaction, by e-mail (every account has one), and only when e-mail is configured.
 */
import {
  type ApprovalContact,
  type ApprovalRequestRow,
  approversOf,
  findAccount,
  insertQueuedMessages,
  type MessageEvent,
  type QueuedMessage,
  type WriteTx,
} from '@fees/db';
import { type ApprovalSummary, DEPARTMENTS } from '@fees/validation';
import { channelNames } from '../messages/channels';
import { builtInTemplate } from '../messages/department-texts';
import { renderText } from '../messages/templates';

const nameOf = (who: { name: string; email: string }) => who.name.trim() || who.email;

function departmentName(id: number): string {
  return DEPARTMENTS.find((d) => d.id === id)?.name ?? `department ${id}`;
}

function emails(
  event: MessageEvent,
  eventKey: string,
  request: Pick<ApprovalRequestRow, 'id' | 'departmentId'>,
  to: readonly ApprovalContact[],
  variables: Record<string, string>,
): QueuedMessage[] {
  const template = builtInTemplate(event, 'email');
  return to.map((person) => {
    const vars = { ...variables, recipientName: nameOf(person) };
    return {
      eventKey,
      event,
      channel: 'email',
      recipient: person.email,
      recipientName: nameOf(person),
      departmentId: request.departmentId,
      studentId: null,
      receiptNumber: null,
      familyStudentIds: null,
      payload: JSON.stringify({ requestId: request.id }),
      subject: template.subject === null ? null : renderText(template.subject, vars),
      body: renderText(template.body, vars),
    };
  });
}

const emailOn = () => channelNames().includes('email');

/** Tells the department's approvers (admins and its accountants, not the maker) what waits for them. */
export async function tellApprovers(
  tx: WriteTx,
  request: Pick<ApprovalRequestRow, 'id' | 'departmentId' | 'requestedBy' | 'reason'>,
  summary: ApprovalSummary,
): Promise<void> {
  if (!emailOn()) return;
  const maker = await findAccount(tx, request.requestedBy);
  const to = await approversOf(tx, { departmentId: request.departmentId, exceptUserId: request.requestedBy });
  const variables = {
    what: summary.what,
    requestId: String(request.id),
    requestedBy: maker ? nameOf(maker) : 'A user',
    reason: request.reason,
    department: departmentName(request.departmentId),
  };
  await insertQueuedMessages(
    tx,
    emails('approval_requested', `approval:${request.id}:requested`, request, to, variables),
  );
}

/** Tells the person who asked how the request was decided, by whom, and what was done or why not. */
export async function tellRequester(
  tx: WriteTx,
  request: Pick<ApprovalRequestRow, 'id' | 'departmentId' | 'requestedBy'>,
  decision: { status: 'approved' | 'rejected'; by: { name: string; email: string }; outcome: string },
  summary: ApprovalSummary,
): Promise<void> {
  if (!emailOn()) return;
  const maker = await findAccount(tx, request.requestedBy);
  if (!maker || maker.disabledAt) return;
  const variables = {
    what: summary.what,
    requestId: String(request.id),
    decision: decision.status,
    decidedBy: nameOf(decision.by),
    outcome: decision.outcome,
    department: departmentName(request.departmentId),
  };
  await insertQueuedMessages(
    tx,
    emails('approval_decided', `approval:${request.id}:decided`, request, [maker], variables),
  );
}
