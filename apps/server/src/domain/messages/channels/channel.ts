import type { MessageChannel } from '@fees/db';

/** A message as the worker hands it to a channel: rendered, addressed, with what the provider needs. */
export type OutgoingMessage = {
  id: number;
  channel: MessageChannel;
  /** An e-mail address, or a mobile as +91 and 10 digits. */
  recipient: string;
  recipientName: string;
  subject: string | null;
  /** Plain text; an e-mail also gets it as HTML, escaped, paragraph by paragraph. */
  body: string;
  /** The template's provider-side names: the DLT template id of an SMS, the approved WhatsApp template. */
  provider: {
    dltTemplateId?: string;
    /** The SMS text as registered with DLT (`{#var#}` slots): the body is sent only if it matches (dlt.ts). */
    dltText?: string;
    whatsappTemplate?: string;
    whatsappLanguage?: string;
    /** The values of the registered template's variables, in order ({#var#} slots, WhatsApp's {{1}}...). */
    parameters?: string[];
  };
  /** The printed receipt or notice, when the event has one. */
  attachment?: { filename: string; contentType: 'application/pdf'; content: Buffer };
};

/**
 * What a send came to. `transient` failures are retried with backoff (1 min, 5 min, 30 min, 2 h, then
 * failed); `permanent` ones (an invalid number, an address the provider refuses, opted out) stop at once.
 */
export type SendResult =
  | { ok: true; providerId: string }
  | { ok: false; kind: 'transient' | 'permanent'; reason: string };

/** One configured way out (e-mail over SMTP, SMS through MSG91 or a gateway, WhatsApp Cloud API). */
export interface Channel {
  readonly channel: MessageChannel;
  /** Shown in Settings: which provider serves the channel ("SMTP mail.example.org", "MSG91"). */
  readonly description: string;
  send(message: OutgoingMessage): Promise<SendResult>;
  /** Readies what sending needs (the mail thread) when the worker starts, not amid the counter's requests. */
  warm?(): void;
}
