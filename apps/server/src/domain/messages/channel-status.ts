import type { MessageChannel } from '@fees/db';

/**
 * Which channels the environment configures: absent means off, and Settings says which variable to set.
 */
export interface ChannelStatus {
  channel: MessageChannel;
  configured: boolean;
  /** The provider when configured ("SMTP mail.example.org"), else what to set. */
  description: string;
}

export function channelStatuses(env: NodeJS.ProcessEnv = process.env): ChannelStatus[] {
  const smtp = env.SMTP_URL?.trim();
  const sms = env.MSG91_AUTH_KEY?.trim() ? 'MSG91' : env.SMS_GATEWAY_URL?.trim() ? 'SMS gateway' : null;
  const whatsapp = env.WHATSAPP_TOKEN?.trim() && env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  return [
    {
      channel: 'email',
      configured: Boolean(smtp),
      description: smtp ? `SMTP ${URL.parse(smtp)?.hostname ?? ''}` : 'not configured: set SMTP_URL',
    },
    {
      channel: 'sms',
      configured: sms !== null,
      description: sms ?? 'not configured: set MSG91_AUTH_KEY (or SMS_GATEWAY_URL)',
    },
    {
      channel: 'whatsapp',
      configured: Boolean(whatsapp),
      description: whatsapp ? 'WhatsApp Cloud API' : 'not configured: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID',
    },
  ];
}

export function configuredChannels(env: NodeJS.ProcessEnv = process.env): MessageChannel[] {
  return channelStatuses(env)
    .filter((c) => c.configured)
    .map((c) => c.channel);
}
