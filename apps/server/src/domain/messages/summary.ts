import {
  batchIdsOfDepartment,
  type Reader,
  dayBook,
  duesByBatch,
  readMessageSettings,
  type QueuedMessage,
  insertQueuedMessages,
} from '@fees/db';
import { addDays } from '@fees/money';
import { DEPARTMENTS, formatDate, formatRupees } from '@fees/validation';
import { builtInTemplate } from './department-texts';
import { renderText } from './templates';

/**
 * The management's daily summary: yesterday's collections per department and mode, refunds, the dues
 * outstanding and the defaulters' count as of that day, with a link to the day book. The figures
 * are read by the day book's query and the dues computation the reports use.
 */

const MODES = [
  ['cash', 'Cash'],
  ['upi', 'UPI'],
  ['cheque', 'Cheque/DD'],
  ['bank', 'Bank transfer'],
  ['card', 'Card'],
  ['online', 'Online'],
  ['advance', 'From advance'],
] as const;

export interface DepartmentSummary {
  depId: number;
  name: string;
  receipts: number;
  collectedPaise: number;
  byModePaise: Record<(typeof MODES)[number][0], number>;
  refundsPaise: number;
  refunds: number;
  /** As of the day: everything due and not paid, with fines. */
  outstandingPaise: number;
  /** Students with a late instalment still open, as the defaulters report counts them. */
  defaulters: number;
}

export async function dailyFigures(db: Reader, date: string): Promise<DepartmentSummary[]> {
  const result: DepartmentSummary[] = [];
  for (const d of DEPARTMENTS) {
    const book = await dayBook(db, { depId: d.id, date });
    const byModePaise = { cash: 0, upi: 0, cheque: 0, bank: 0, card: 0, online: 0, advance: 0 };
    let receipts = 0;
    for (const u of book.byUser) {
      receipts += u.receipts;
      for (const [mode] of MODES) byModePaise[mode] += u.byModePaise[mode];
    }
    let outstandingPaise = 0;
    let defaulters = 0;
    const batchIds = await batchIdsOfDepartment(db, d.id);
    for await (const students of duesByBatch(db, { batchIds, asOf: date })) {
      for (const s of students) {
        outstandingPaise += s.dues.toCollect;
        if (s.dues.daysLate > 0) defaulters++;
      }
    }
    result.push({
      depId: d.id,
      name: d.name,
      receipts,
      collectedPaise: Object.values(byModePaise).reduce((s, v) => s + v, 0),
      byModePaise,
      refunds: book.refunds.length,
      refundsPaise: book.refunds.reduce((s, f) => s + f.amountPaise, 0),
      outstandingPaise,
      defaulters,
    });
  }
  return result;
}

export function summaryText(date: string, figures: readonly DepartmentSummary[]): string {
  const lines = [`Collections of ${formatDate(date)}`, ''];
  for (const f of figures) {
    lines.push(
      `${f.name}: Rs ${formatRupees(f.collectedPaise)} in ${f.receipts} receipt${f.receipts === 1 ? '' : 's'}`,
    );
    const modes = MODES.filter(([mode]) => f.byModePaise[mode] !== 0).map(
      ([mode, label]) => `${label} Rs ${formatRupees(f.byModePaise[mode])}`,
    );
    if (modes.length > 0) lines.push(`  ${modes.join(', ')}`);
    if (f.refunds > 0) lines.push(`  Refunds: Rs ${formatRupees(f.refundsPaise)} (${f.refunds})`);
    lines.push(`  Dues outstanding: Rs ${formatRupees(f.outstandingPaise)}; defaulters: ${f.defaulters}`);
  }
  const total = figures.reduce((s, f) => s + f.collectedPaise, 0);
  const refunds = figures.reduce((s, f) => s + f.refundsPaise, 0);
  lines.push('', `All departments: Rs ${formatRupees(total)} collected, Rs ${formatRupees(refunds)} refunded`);
  return lines.join('\n');
}

/**
 * Queues the summary of the day before `today` to each address in Settings (none: nothing); the event
 * key names the day, so a second call adds nothing. Answers how many were queued.
 */
export async function queueDailySummary(
  db: Reader,
  params: { today: string; publicUrl: string | undefined },
): Promise<number> {
  const { summaryRecipients } = await readMessageSettings(db);
  const recipients = summaryRecipients
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (recipients.length === 0) return 0;
  const date = addDays(params.today, -1);
  const figures = await dailyFigures(db, date);
  const template = builtInTemplate('daily_summary', 'email');
  const vars = {
    date: formatDate(date),
    summary: summaryText(date, figures),
    dayBookUrl: `${params.publicUrl ?? 'http://localhost:3000'}/admin/daybook?date=${date}`,
  };
  const list: QueuedMessage[] = recipients.map((recipient) => ({
    eventKey: `summary:${date}`,
    event: 'daily_summary',
    channel: 'email',
    recipient,
    recipientName: '',
    departmentId: null,
    studentId: null,
    receiptNumber: null,
    familyStudentIds: null,
    payload: JSON.stringify({ date }),
    subject: template.subject === null ? null : renderText(template.subject, vars),
    body: renderText(template.body, vars),
  }));
  return insertQueuedMessages(db, list);
}
