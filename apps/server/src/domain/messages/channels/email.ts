/**
 * E-mail over SMTP with nodemailer: the text as plain text and as HTML, the printed receipt or notice
 * attached. SMTP's 5xx answers (no such mailbox, refused) are permanent; 4xx answers, a connection
 * that fails or times out are transient and retried.
 */
import nodemailer from 'nodemailer';
import { escapeHtml } from '../../../public-page';
import type { Channel, OutgoingMessage, SendResult } from './channel';

export interface EmailSettings {
  /** SMTP_URL: smtp://user:password@host:587, or smtps:// for TLS from the start. */
  smtpUrl: string;
  /** MAIL_FROM: the sender, "Fee office <fees@example.org>". */
  from: string;
}

/** The plain text as HTML: escaped, a paragraph per blank-line-separated block, its lines kept. */
export function htmlOf(text: string): string {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><body style="font-family: sans-serif">${paragraphs}</body></html>`;
}

/** Whether a failure is worth trying again: no SMTP answer at all, or a 4xx one. */
function failureOf(error: unknown): SendResult {
  const { responseCode, code, message } = error as { responseCode?: number; code?: string; message?: string };
  const reason = message ?? String(error);
  if (typeof responseCode === 'number' && responseCode >= 500) return { ok: false, kind: 'permanent', reason };
  if (code === 'EENVELOPE' && responseCode === undefined) return { ok: false, kind: 'permanent', reason };
  return { ok: false, kind: 'transient', reason };
}

export function emailChannel(settings: EmailSettings): Channel {
  const transport = nodemailer.createTransport(settings.smtpUrl, { from: settings.from });
  const host = URL.parse(settings.smtpUrl)?.hostname ?? 'SMTP';
  return {
    channel: 'email',
    description: `E-mail through SMTP ${host}`,
    async send(message: OutgoingMessage): Promise<SendResult> {
      try {
        const info = await transport.sendMail({
          to: message.recipientName ? { name: message.recipientName, address: message.recipient } : message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          html: htmlOf(message.body),
          attachments: message.attachment
            ? [
                {
                  filename: message.attachment.filename,
                  contentType: message.attachment.contentType,
                  content: message.attachment.content,
                },
              ]
            : [],
        });
        if (info.rejected.length > 0)
          return { ok: false, kind: 'permanent', reason: `The mail server refused ${message.recipient}` };
        return { ok: true, providerId: info.messageId };
      } catch (error) {
        return failureOf(error);
      }
    },
  };
}
