import {
  type Reader,
  readMessageSettings,
  resetTemplate,
  saveTemplate,
  templatesOfDepartment,
  updateMessageSettings,
} from '@fees/db';
import {
  formatDate,
  localToday,
  type TPreviewTemplateInput,
  type TResetTemplateInput,
  type TSaveTemplateInput,
  type TTemplatesInput,
  type TUpdateMessageSettingsInput,
  MESSAGE_CHANNEL_NAMES,
  MESSAGE_EVENT_NAMES,
} from '@fees/validation';
import type { AuthedContext } from '../../context';
import { assertDepartmentAccess } from '../../department-access';
import { channelStatuses } from './channel-status';
import { builtInTemplate } from './department-texts';
import { renderText, STAFF_EVENTS } from './templates';

/** Settings for messages and each department's texts, as the Messages screens show and change them. */

export async function messageSettings(db: Reader) {
  return { ...(await readMessageSettings(db)), channels: channelStatuses() };
}

export async function changeMessageSettings(db: Reader, input: TUpdateMessageSettingsInput) {
  await updateMessageSettings(db, {
    quietHoursStart: input.quietHoursStart,
    quietHoursEnd: input.quietHoursEnd,
    summaryRecipients: input.summaryRecipients,
    summaryTime: input.summaryTime,
    sendRatePerSecond: input.sendRatePerSecond,
    emailPricePaise: input.emailPrice,
    smsPricePaise: input.smsPrice,
    whatsappPricePaise: input.whatsappPrice,
  });
  return messageSettings(db);
}

/** Every event and channel with a text: the department's own where it has one, else the built-in one. */
export async function templatesOf(ctx: AuthedContext, input: TTemplatesInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const own = await templatesOfDepartment(ctx.db, input.depId);
  const list = [];
  for (const event of MESSAGE_EVENT_NAMES) {
    if (STAFF_EVENTS.includes(event)) continue;
    for (const channel of MESSAGE_CHANNEL_NAMES) {
      const mine = own.find((t) => t.event === event && t.channel === channel);
      const builtIn = builtInTemplate(event, channel);
      if (!mine && !builtIn) continue;
      const text = mine ?? builtIn!;
      list.push({
        event,
        channel,
        own: mine !== undefined,
        subject: text.subject,
        body: text.body,
        dltTemplateId: text.dltTemplateId,
        whatsappTemplate: text.whatsappTemplate,
        whatsappLanguage: text.whatsappLanguage,
        builtIn: builtIn ? { subject: builtIn.subject, body: builtIn.body } : null,
      });
    }
  }
  return list;
}

export async function saveDepartmentTemplate(ctx: AuthedContext, input: TSaveTemplateInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  await saveTemplate(ctx.db, {
    departmentId: input.depId,
    event: input.event,
    channel: input.channel,
    subject: input.channel === 'email' ? (input.subject ?? null) : null,
    body: input.body,
    dltTemplateId: input.channel === 'sms' ? input.dltTemplateId : null,
    whatsappTemplate: input.channel === 'whatsapp' ? input.whatsappTemplate : null,
    whatsappLanguage: input.channel === 'whatsapp' ? input.whatsappLanguage : null,
  });
  return templatesOf(ctx, input);
}

export async function resetDepartmentTemplate(ctx: AuthedContext, input: TResetTemplateInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  await resetTemplate(ctx.db, { departmentId: input.depId, event: input.event, channel: input.channel });
  return templatesOf(ctx, input);
}

/** The values a preview fills in: a sample family of two children, with the longest likely amounts. */
function sampleVars(): Record<string, string> {
  const today = localToday();
  return {
    recipientName: 'Lakshmi Menon',
    studentName: 'Anjali Menon and Arjun Menon',
    admissionNo: 'UG-001',
    children:
      '- Anjali Menon (UG-001, BA English 2025-2028): Rs 12,500.00\n' +
      '- Arjun Menon (UG-014, BSc Physics 2024-2027): Rs 3,000.00',
    amount: '15,500.00',
    amountInWords: 'Rupees Fifteen Thousand Five Hundred only',
    fine: '250.00',
    dueDate: formatDate(today),
    date: formatDate(today),
    asOf: formatDate(today),
    days: '3',
    receiptNumber: '#0001179',
    institution: 'St. Thomas College',
    verifyUrl: 'https://fees.example.org/verify/1179',
  };
}

/** SMS parts: 160 characters in one (GSM), 153 each when split; 70 and 67 when the text needs Unicode. */
function smsParts(text: string): number {
  const unicode = [...text].some((c) => c.charCodeAt(0) > 127);
  const [one, each] = unicode ? [70, 67] : [160, 153];
  return text.length <= one ? 1 : Math.ceil(text.length / each);
}

export async function previewTemplate(ctx: AuthedContext, input: TPreviewTemplateInput) {
  assertDepartmentAccess(ctx.session, input.depId);
  const vars = sampleVars();
  const body = renderText(input.body, vars);
  const unknown = [...input.body.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => !(name in vars));
  return {
    subject: input.subject ? renderText(input.subject, vars) : null,
    body,
    length: body.length,
    smsParts: input.channel === 'sms' ? smsParts(body) : null,
    unknownPlaceholders: [...new Set(unknown)],
    placeholders: Object.keys(vars),
  };
}
