/**
 * E-mail over SMTP with nodemailer: the text as plain text and as HTML, the printed receipt or notice
 * attached. SMTP's 5xx answers (no such mailbox, refused) are permanent; 4xx answers, a connection
 * that fails or times out are transient and retried.
 */
import nodemailer from 'nodemailer';
import { escapeHtml } from '../../../public-page';
import { ThreadClient } from '../../../worker-thread';
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

function smtpTransport(settings: EmailSettings) {
  return nodemailer.createTransport(settings.smtpUrl, { from: settings.from });
}

/** Each SMTP setting's transport, made once on the mail thread. */
const transports = new Map<string, ReturnType<typeof smtpTransport>>();

/**
 * Sends one e-mail through the SMTP server the settings name. Runs on the mail thread (mail.worker.ts):
 * building the message (the PDF in base64) and the SMTP conversation stay off the server's thread.
 */
export async function sendEmail(settings: EmailSettings, message: OutgoingMessage): Promise<SendResult> {
  const key = `${settings.smtpUrl}\n${settings.from}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = smtpTransport(settings);
    transports.set(key, transport);
  }
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
              content: Buffer.from(message.attachment.content),
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
}

export interface EmailRequest {
  settings: EmailSettings;
  message: OutgoingMessage;
}

/** The thread every e-mail of this server is sent from. */
const mailThread = new ThreadClient<EmailRequest, SendResult>({
  name: 'The mail thread',
  built: new URL('./domain/messages/channels/mail.worker.js', import.meta.url),
  source: new URL('./mail.worker.ts', import.meta.url),
  background: true,
});

export function emailChannel(settings: EmailSettings): Channel {
  const host = URL.parse(settings.smtpUrl)?.hostname ?? 'SMTP';
  return {
    channel: 'email',
    description: `E-mail through SMTP ${host}`,
    send: (message) => mailThread.call({ settings, message }),
    warm: () => mailThread.warm(),
  };
}
