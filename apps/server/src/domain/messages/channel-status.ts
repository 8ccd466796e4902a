import { MESSAGE_CHANNEL_NAMES } from '@fees/validation';
import type { MessageChannel } from '@fees/db';
import { configuredChannels } from './channels';

/** Each channel as Settings shows it: on with its provider, or off with the variable to set. */
export interface ChannelStatus {
  channel: MessageChannel;
  configured: boolean;
  description: string;
}

const WHAT_TO_SET: Record<MessageChannel, string> = {
  email: 'not configured: set SMTP_URL and MAIL_FROM',
  sms: 'not configured: set MSG91_AUTH_KEY and MSG91_SENDER (or SMS_GATEWAY_URL)',
  whatsapp: 'not configured: set WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID',
};

export function channelStatuses(): ChannelStatus[] {
  const configured = configuredChannels();
  return MESSAGE_CHANNEL_NAMES.map((channel) => {
    const found = configured.find((c) => c.channel === channel);
    return { channel, configured: found !== undefined, description: found?.description ?? WHAT_TO_SET[channel] };
  });
}
