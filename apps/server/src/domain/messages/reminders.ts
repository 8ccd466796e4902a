import {
  batchesOfDepartment,
  contactsOfBatches,
  type Reader,
  duesByBatch,
  findBatch,
  findMessageTemplate,
  readMessageSettings,
  hasSavedPlan,
  listLetterheads,
  loadBatchPlans,
  type MessageChannel,
  type MessageEvent,
  type MessageRow,
  type QueuedMessage,
  queuedEventKeys,
  insertQueuedMessages,
  type ReminderContact,
  type ReminderStage,
  reminderRulesOf,
  saveReminderRules,
} from '@fees/db';
import {
  AppError,
  DEPARTMENTS,
  formatDate,
  formatRupees,
  indianMobile,
  localToday,
  REMINDER_STAGE_NAMES,
  type TReminderRulesInput,
  type TReminderRunInput,
  type TSaveReminderRulesInput,
  MESSAGE_CHANNEL_NAMES,
} from '@fees/validation';
import { inTransaction } from '../write';
import { addDays } from '@fees/money';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { builtInTemplate, departmentTemplates, type TemplateText } from './department-texts';
import { renderText } from './templates';
import { onSendTime, type StoredTemplate } from './worker';

/**
 * Reminders: per fee plan, N days before a due date, on the day and N days after (with the fine as of
 * that day). A run computes who owes what with the one dues computation, makes siblings (students who
 * share a guardian's mobile) one family with one message per channel and recipient listing each
 * child, leaves out opted-out contacts, and queues the messages under event keys naming the day, the
 * stage and the family, so a second run of the same day and stage adds nothing. At send time the worker
 * asks `recheckReminder` again: a family that paid meanwhile is not reminded, and the amount is the
 * dues of that moment.
 */

/** A batch's three stages, off where never saved. */
export async function reminderRules(ctx: AuthedContext, input: TReminderRulesInput) {
  await batchOfDepartment(ctx.db, input.depId, input.batchId);
  const saved = (await reminderRulesOf(ctx.db, [input.batchId])).get(input.batchId) ?? [];
  return {
    batchId: input.batchId,
    hasPlan: await hasSavedPlan(ctx.db, input.batchId),
    rules: REMINDER_STAGE_NAMES.map(
      (stage) => saved.find((r) => r.stage === stage) ?? { stage, enabled: false, days: stage === 'on' ? 0 : 3 },
    ),
  };
}

export async function saveRules(ctx: AuthedContext, input: TSaveReminderRulesInput) {
  await batchOfDepartment(ctx.db, input.depId, input.batchId);
  if (!(await hasSavedPlan(ctx.db, input.batchId))) {
    throw new AppError('BAD_INPUT', 'Save the fee plan of this batch before its reminders');
  }
  const rules = input.rules.map((r) => ({ ...r, days: r.stage === 'on' ? 0 : r.days }));
  await inTransaction(ctx, (tx) => saveReminderRules(tx, input.batchId, rules));
  return reminderRules(ctx, input);
}

async function batchOfDepartment(db: Reader, depId: number, batchId: number) {
  const batch = await findBatch(db, batchId);
  if (!batch || batch.departmentId !== depId) throw new AppError('NOT_FOUND', 'No such batch in this department');
  return batch;
}

/** One child of a family's reminder: what triggered it and what is due. */
export interface ReminderChild {
  studentId: number;
  admissionNo: string;
  name: string;
  batchId: number;
  batchName: string;
  /** The plan's instalments whose due date triggered the stage. */
  instalmentIds: string[];
  dueDate: string;
  /** The dues as of `asOf` (the due date before it, the run's day on and after it), with the fine. */
  amountPaise: number;
  finePaise: number;
}

interface Recipient {
  channel: MessageChannel;
  recipient: string;
  name: string;
}

export interface ReminderFamily {
  stage: ReminderStage;
  /** The family's smallest guardian mobile, or the student's id for a child without one. */
  key: string;
  eventKey: string;
  days: number;
  children: ReminderChild[];
  recipients: Recipient[];
}

/**
 * What a reminder keeps to check it again and render it at send time, as the `reminder` variable of its
 * payload (a payload's values are texts: the template's variables, which a provider's template takes too).
 */
interface ReminderPayload {
  stage: ReminderStage;
  date: string;
  days: number;
  institution: string;
  children: Array<Pick<ReminderChild, 'studentId' | 'batchId' | 'instalmentIds' | 'dueDate'>>;
}

function dueDateOf(stage: ReminderStage, date: string, days: number): string {
  return stage === 'before' ? addDays(date, days) : stage === 'after' ? addDays(date, -days) : date;
}

/**
 * Who is due which reminder on `date` in the batches (each batch's rules and plan): the students whose
 * triggering instalment is still open, with their dues, grouped into families with their recipients
 * on the channels given.
 */
export async function reminderFamilies(
  db: Reader,
  params: { batchIds: readonly number[]; date: string; channels: readonly MessageChannel[] },
): Promise<{ families: ReminderFamily[]; optedOut: number; withoutContact: number }> {
  const { date } = params;
  const rules = await reminderRulesOf(db, params.batchIds);
  const plans = await loadBatchPlans(db, [...rules.keys()]);
  // The stages due per batch, grouped by the date the dues are computed as of.
  type Job = { batchId: number; stage: ReminderStage; days: number; dueDate: string; instalmentIds: Set<string> };
  const jobsByAsOf = new Map<string, Job[]>();
  for (const [batchId, batchRules] of rules) {
    const plan = plans.get(batchId);
    if (!plan?.hasPlan) continue;
    for (const rule of batchRules) {
      if (!rule.enabled) continue;
      const dueDate = dueDateOf(rule.stage, date, rule.days);
      const instalmentIds = new Set(plan.instalments.filter((i) => i.dueDate === dueDate).map((i) => i.id));
      if (instalmentIds.size === 0) continue;
      const asOf = rule.stage === 'before' ? dueDate : date;
      const jobs = jobsByAsOf.get(asOf) ?? [];
      jobs.push({ batchId, stage: rule.stage, days: rule.days, dueDate, instalmentIds });
      jobsByAsOf.set(asOf, jobs);
    }
  }
  const due = new Map<ReminderStage, Array<ReminderChild & { days: number }>>();
  for (const [asOf, jobs] of jobsByAsOf) {
    const batchIds = [...new Set(jobs.map((j) => j.batchId))];
    for await (const students of duesByBatch(db, { batchIds, asOf })) {
      for (const s of students) {
        for (const job of jobs) {
          if (job.batchId !== s.batchId) continue;
          const open = s.dues.instalments.filter((i) => job.instalmentIds.has(i.id) && i.outstanding > 0);
          if (open.length === 0) continue;
          const list = due.get(job.stage) ?? [];
          list.push({
            studentId: s.studentId,
            admissionNo: s.admissionNo,
            name: s.name,
            batchId: s.batchId,
            batchName: `${s.courseName} ${s.batchName}`,
            instalmentIds: open.map((i) => i.id),
            dueDate: job.dueDate,
            amountPaise: s.dues.toCollect,
            finePaise: s.dues.fine.outstanding,
            days: job.days,
          });
          due.set(job.stage, list);
        }
      }
    }
  }
  const dueBatchIds = new Set([...due.values()].flat().map((c) => c.batchId));
  const contacts = new Map<number, ReminderContact[]>();
  for (const c of await contactsOfBatches(db, [...dueBatchIds])) {
    const list = contacts.get(c.studentId) ?? [];
    list.push(c);
    contacts.set(c.studentId, list);
  }
  const channels = new Set(params.channels);
  const families: ReminderFamily[] = [];
  let optedOut = 0;
  let withoutContact = 0;
  for (const stage of REMINDER_STAGE_NAMES) {
    for (const children of familiesOf(due.get(stage) ?? [], contacts)) {
      const key = familyKey(children, contacts);
      const recipients: Recipient[] = [];
      const seen = new Set<string>();
      const add = (channel: MessageChannel, recipient: string | null, name: string) => {
        if (!recipient || !channels.has(channel) || seen.has(`${channel}:${recipient}`)) return;
        seen.add(`${channel}:${recipient}`);
        recipients.push({ channel, recipient, name });
      };
      for (const child of children) {
        for (const c of contacts.get(child.studentId) ?? []) {
          if (c.optedOut) {
            optedOut++;
            continue;
          }
          const mobile = indianMobile(c.mobile);
          add('email', c.email?.trim().toLowerCase() || null, c.name);
          add('sms', mobile, c.name);
          if (c.whatsapp) add('whatsapp', mobile, c.name);
        }
      }
      if (recipients.length === 0) {
        withoutContact++;
        continue;
      }
      families.push({
        stage,
        key,
        eventKey: `reminder:${date}:${stage}:${key}`,
        days: children[0]!.days,
        children: children.map(({ days: _days, ...child }) => child),
        recipients,
      });
    }
  }
  return { families, optedOut, withoutContact };
}

/** Students who share a guardian's mobile, and whom they share one with, are one family. */
function familiesOf<T extends { studentId: number }>(children: T[], contacts: Map<number, ReminderContact[]>): T[][] {
  const parent = new Map<number, number>();
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const byMobile = new Map<string, number>();
  for (const child of children) {
    if (parent.has(child.studentId)) continue;
    parent.set(child.studentId, child.studentId);
    for (const c of contacts.get(child.studentId) ?? []) {
      const mobile = c.position > 0 ? indianMobile(c.mobile) : null;
      if (!mobile) continue;
      const other = byMobile.get(mobile);
      if (other === undefined) byMobile.set(mobile, child.studentId);
      else parent.set(find(child.studentId), find(other));
    }
  }
  const groups = new Map<number, T[]>();
  const added = new Set<number>();
  for (const child of children) {
    if (added.has(child.studentId)) continue;
    added.add(child.studentId);
    const root = find(child.studentId);
    const list = groups.get(root) ?? [];
    list.push(child);
    groups.set(root, list);
  }
  return [...groups.values()];
}

function familyKey(children: readonly { studentId: number }[], contacts: Map<number, ReminderContact[]>): string {
  const mobiles = children
    .flatMap((child) =>
      (contacts.get(child.studentId) ?? []).filter((c) => c.position > 0).map((c) => indianMobile(c.mobile)),
    )
    .filter((m): m is string => m !== null)
    .sort();
  return mobiles[0] ?? `student-${Math.min(...children.map((c) => c.studentId))}`;
}

/** The variables of a reminder's templates. */
function reminderVars(
  children: readonly ReminderChild[],
  params: { recipientName: string; days: number; asOf: string; institution: string },
): Record<string, string> {
  const names = children.map((c) => c.name);
  return {
    recipientName: params.recipientName,
    studentName: names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''),
    children: children
      .map((c) => `- ${c.name} (${c.admissionNo}, ${c.batchName}): Rs ${formatRupees(c.amountPaise)}`)
      .join('\n'),
    amount: formatRupees(children.reduce((s, c) => s + c.amountPaise, 0)),
    fine: formatRupees(children.reduce((s, c) => s + c.finePaise, 0)),
    dueDate: formatDate(children.map((c) => c.dueDate).sort()[0]),
    days: String(params.days),
    asOf: formatDate(params.asOf),
    institution: params.institution,
  };
}

async function institutionOf(db: Reader, depId: number): Promise<string> {
  const letterhead = (await listLetterheads(db)).find((l) => l.depId === depId);
  return letterhead?.institutionName ?? DEPARTMENTS.find((d) => d.id === depId)?.name ?? '';
}

function rendered(template: TemplateText, vars: Record<string, string>) {
  return {
    subject: template.subject === null ? null : renderText(template.subject, vars),
    body: renderText(template.body, vars),
  };
}

/** The messages of a run, rendered with the department's templates. */
async function runMessages(
  db: Reader,
  depId: number,
  date: string,
  families: readonly ReminderFamily[],
): Promise<QueuedMessage[]> {
  const [templates, institution] = await Promise.all([departmentTemplates(db, depId), institutionOf(db, depId)]);
  const list: QueuedMessage[] = [];
  for (const f of families) {
    const event: MessageEvent = `reminder_${f.stage}`;
    const payload: ReminderPayload = {
      stage: f.stage,
      date,
      days: f.days,
      institution,
      children: f.children.map((c) => ({
        studentId: c.studentId,
        batchId: c.batchId,
        instalmentIds: c.instalmentIds,
        dueDate: c.dueDate,
      })),
    };
    // The family's figures once; each recipient only adds a name.
    const familyVars = payloadVars(
      reminderVars(f.children, { recipientName: '', days: f.days, asOf: date, institution }),
      payload,
    );
    for (const r of f.recipients) {
      const template = templates.get(`${event}:${r.channel}`);
      if (!template) continue;
      const vars = { ...familyVars, recipientName: r.name };
      list.push({
        eventKey: f.eventKey,
        event,
        channel: r.channel,
        recipient: r.recipient,
        recipientName: r.name,
        departmentId: depId,
        studentId: f.children[0]!.studentId,
        receiptNumber: null,
        familyStudentIds: JSON.stringify(f.children.map((c) => c.studentId)),
        payload: JSON.stringify(vars),
        ...rendered(template, vars),
      });
    }
  }
  return list;
}

async function runScope(db: Reader, input: TReminderRunInput): Promise<number[]> {
  if (input.batchId !== undefined) return [(await batchOfDepartment(db, input.depId, input.batchId)).id];
  return (await batchesOfDepartment(db, input.depId)).map((b) => b.id);
}

/** What a run would send: per family its children, amounts and recipients; messages and cost per channel. */
export async function previewRun(db: Reader, input: TReminderRunInput, channels: readonly MessageChannel[]) {
  const batchIds = await runScope(db, input);
  const { families, optedOut, withoutContact } = await reminderFamilies(db, { batchIds, date: input.date, channels });
  const [prices, queued] = await Promise.all([
    readMessageSettings(db),
    queuedEventKeys(
      db,
      families.map((f) => f.eventKey),
    ),
  ]);
  const fresh = families.filter((f) => !queued.has(f.eventKey));
  const priceOf: Record<MessageChannel, number> = {
    email: prices.emailPricePaise,
    sms: prices.smsPricePaise,
    whatsapp: prices.whatsappPricePaise,
  };
  const perChannel = MESSAGE_CHANNEL_NAMES.map((channel) => {
    const count = fresh.reduce((s, f) => s + f.recipients.filter((r) => r.channel === channel).length, 0);
    return { channel, messages: count, pricePaise: priceOf[channel], costPaise: count * priceOf[channel] };
  });
  return {
    date: input.date,
    channels: perChannel,
    totalCostPaise: perChannel.reduce((s, c) => s + c.costPaise, 0),
    stages: REMINDER_STAGE_NAMES.map((stage) => {
      const of = fresh.filter((f) => f.stage === stage);
      return {
        stage,
        families: of.length,
        students: of.reduce((s, f) => s + f.children.length, 0),
        amountPaise: of.reduce((s, f) => s + f.children.reduce((t, c) => t + c.amountPaise, 0), 0),
      };
    }),
    families: fresh.length,
    alreadyQueued: families.length - fresh.length,
    optedOut,
    withoutContact,
    /** The first families, for the screen (all of them are counted above). */
    sample: fresh.slice(0, 100).map((f) => ({
      stage: f.stage,
      key: f.key,
      children: f.children.map((c) => ({
        studentId: c.studentId,
        name: c.name,
        admissionNo: c.admissionNo,
        batchName: c.batchName,
        dueDate: c.dueDate,
        amountPaise: c.amountPaise,
      })),
      recipients: f.recipients,
    })),
  };
}

/** A run's messages, rendered, not yet queued. */
export async function runMessagesOf(db: Reader, input: TReminderRunInput, channels: readonly MessageChannel[]) {
  const batchIds = await runScope(db, input);
  const { families } = await reminderFamilies(db, { batchIds, date: input.date, channels });
  return { families: families.length, list: await runMessages(db, input.depId, input.date, families) };
}

/** Queues a run's messages; a family already reminded that day at that stage gets nothing more. */
export async function queueRun(db: Reader, input: TReminderRunInput, channels: readonly MessageChannel[]) {
  const { families, list } = await runMessagesOf(db, input, channels);
  const queued = await insertQueuedMessages(db, list);
  return { date: input.date, families, queued, alreadyQueued: list.length - queued };
}

export async function previewReminderRun(
  ctx: AuthedContext,
  input: TReminderRunInput,
  channels: readonly MessageChannel[],
) {
  assertDepartmentAccess(ctx.session, input.depId);
  return previewRun(ctx.db, input, channels);
}

export async function queueReminderRun(
  ctx: AuthedContext,
  input: TReminderRunInput,
  channels: readonly MessageChannel[],
) {
  assertDepartmentAccess(ctx.session, input.depId);
  return queueRun(ctx.db, input, channels);
}

/**
 * What the worker does with a reminder it picked: cancel it (with why) or send this text, rendered with
 * `template` (the department's own, as stored; null: the built-in text), which the worker sends with.
 */
export type ReminderRecheck =
  | { cancel: string }
  | { subject: string | null; body: string; payload: Record<string, string>; template: StoredTemplate };

/**
 * A reminder checked again when the worker picks it (`today` is the sending day): the children whose
 * triggering instalment is still open as of then, with the dues of that moment; none left, and the
 * reminder is cancelled with the reason.
 */
export async function recheckReminder(
  db: Reader,
  message: Pick<MessageRow, 'event' | 'channel' | 'departmentId' | 'payload' | 'recipientName'>,
  today: string,
): Promise<ReminderRecheck> {
  const payload = JSON.parse((JSON.parse(message.payload) as { reminder: string }).reminder) as ReminderPayload;
  const still: ReminderChild[] = [];
  const byBatch = new Map<number, ReminderPayload['children']>();
  for (const c of payload.children) byBatch.set(c.batchId, [...(byBatch.get(c.batchId) ?? []), c]);
  for (const [batchId, children] of byBatch) {
    // Before the due date the dues are those of the due date (what to pay by then); on and after it, today's.
    const groups = new Map<string, typeof children>();
    for (const c of children) {
      const asOf = payload.stage === 'before' && c.dueDate > today ? c.dueDate : today;
      groups.set(asOf, [...(groups.get(asOf) ?? []), c]);
    }
    for (const [asOf, group] of groups) {
      for await (const students of duesByBatch(db, {
        batchIds: [batchId],
        asOf,
        studentIds: group.map((c) => c.studentId),
      })) {
        for (const s of students) {
          const child = group.find((c) => c.studentId === s.studentId)!;
          const wanted = new Set(child.instalmentIds);
          const open = s.dues.instalments.filter((i) => wanted.has(i.id) && i.outstanding > 0);
          if (open.length === 0) continue;
          still.push({
            studentId: s.studentId,
            admissionNo: s.admissionNo,
            name: s.name,
            batchId: s.batchId,
            batchName: `${s.courseName} ${s.batchName}`,
            instalmentIds: open.map((i) => i.id),
            dueDate: child.dueDate,
            amountPaise: s.dues.toCollect,
            finePaise: s.dues.fine.outstanding,
          });
        }
      }
    }
  }
  if (still.length === 0) {
    return {
      cancel: `Paid since the reminder was queued: nothing of the instalment is due as of ${formatDate(today)}`,
    };
  }
  if (message.departmentId === null) return { cancel: 'No text for this reminder on this channel' };
  const own = await findMessageTemplate(db, {
    departmentId: message.departmentId,
    event: message.event,
    channel: message.channel,
  });
  const vars = reminderVars(still, {
    recipientName: message.recipientName,
    days: payload.days,
    asOf: today,
    institution: payload.institution,
  });
  return {
    ...rendered(own ?? builtInTemplate(message.event, message.channel), vars),
    payload: payloadVars(vars, payload),
    template: own,
  };
}

/** A reminder's payload: its variables and what a recheck reads. */
function payloadVars(vars: Record<string, string>, payload: ReminderPayload): Record<string, string> {
  return { ...vars, reminder: JSON.stringify(payload) };
}

/** Has the worker check every reminder again when it picks it (`today`: the server's day then). */
export function recheckRemindersAtSendTime(today: () => string = () => localToday()): void {
  onSendTime(['reminder_before', 'reminder_on', 'reminder_after'], (db, message) =>
    recheckReminder(db, message, today()),
  );
}
