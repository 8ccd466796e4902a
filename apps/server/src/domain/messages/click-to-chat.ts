/**
 * Click-to-chat, when the server has no WhatsApp provider: the receipt page and the statement offer a
 * wa.me link per WhatsApp number of the family (guardians who said their mobile has WhatsApp, and the
 * student's own phone), the message filled in; the clerk's WhatsApp opens with it and the clerk presses
 * Send. A receipt's message carries its verification link, at PUBLIC_URL when the server has one.
 */
import { listWhatsappContacts } from '@fees/db';
import {
  formatDate,
  formatRupees,
  indianMobile,
  receiptLabel,
  type TReceiptNumberInput,
  type TStudentStatementInput,
} from '@fees/validation';
import { today } from '../../config';
import type { AuthedContext } from '../../context';
import { receiptView } from '../receipts/service';
import { statementOfStudent } from '../reports/statement';

export interface ChatLink {
  /** Whom the link writes to, as the clerk sees it: "Lakshmi (Mother)". */
  label: string;
  /** +91 and 10 digits. */
  mobile: string;
  url: string;
}

export interface ChatLinks {
  /** True when WhatsApp messages go through the provider instead (no links then). */
  provider: boolean;
  text: string;
  links: ChatLink[];
}

/** WhatsApp's documented click-to-chat address: the number in international form without +, the text encoded. */
export function whatsappChatUrl(mobile: string, text: string): string {
  return `https://wa.me/${mobile.replace(/^\+/, '')}?text=${encodeURIComponent(text)}`;
}

async function linksFor(
  ctx: AuthedContext,
  student: { id: number; name: string; phone: string | null },
  text: string,
): Promise<ChatLinks> {
  if (ctx.messaging.whatsapp) return { provider: true, text, links: [] };
  const people = (await listWhatsappContacts(ctx.db, student.id)).map((c) => ({
    label: `${c.name} (${c.relation})`,
    mobile: c.mobile,
  }));
  const own = indianMobile(student.phone);
  if (own) people.push({ label: `${student.name} (Student)`, mobile: own });
  const seen = new Set<string>();
  const links = people
    .filter((p) => !seen.has(p.mobile) && seen.add(p.mobile))
    .map((p) => ({ ...p, url: whatsappChatUrl(p.mobile, text) }));
  return { provider: false, text, links };
}

/** The receipt's message with its verification link, and a link per WhatsApp number of the family. */
export async function receiptChatLinks(ctx: AuthedContext, input: TReceiptNumberInput): Promise<ChatLinks> {
  const view = await receiptView(ctx.db, ctx.session, input.number);
  const { receipt, letterhead } = view;
  const link = `${ctx.publicOrigin ?? ''}${view.verifyPath}`;
  const amount = `Rs ${formatRupees(receipt.netPaise)}`;
  const label = receiptLabel(receipt.number);
  const text =
    receipt.status === 'voided'
      ? `Receipt ${label} of ${amount} for ${receipt.studentName} (${receipt.admissionNo}) dated ` +
        `${formatDate(receipt.date)} has been cancelled. Please contact the office.\nDetails: ${link}`
      : `We have received ${amount} towards the fees of ${receipt.studentName} (${receipt.admissionNo}) by ` +
        `receipt ${label} dated ${formatDate(receipt.date)}. Thank you.\nCheck the receipt: ${link}`;
  return linksFor(
    ctx,
    { id: receipt.studentId, name: receipt.studentName, phone: receipt.phone },
    `${text}\n${letterhead.institutionName}`,
  );
}

/** The statement's figures in a message, and a link per WhatsApp number of the family. */
export async function statementChatLinks(ctx: AuthedContext, input: TStudentStatementInput): Promise<ChatLinks> {
  const { student, totals } = await statementOfStudent(ctx, input);
  const text =
    `Fee statement of ${student.name} (${student.admissionNo}, ${student.courseName}) on ${formatDate(today())}: ` +
    `fees Rs ${formatRupees(totals.feePaise)}, paid Rs ${formatRupees(totals.paidPaise)}, ` +
    `balance due Rs ${formatRupees(totals.balancePaise)}.`;
  return linksFor(ctx, student, text);
}
