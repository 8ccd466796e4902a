/**
 * The channels this server sends through, made from the environment when it starts (absent keys: the
 * channel is off). The outbox writes messages only for the channels here, and the worker sends them.
 */
import type { MessageChannel } from '@fees/db';
import type { MessagingConfig } from '../../../config';
import type { Channel } from './channel';
import { emailChannel } from './email';
import { createMsg91Channel } from './msg91';
import { createSmsGatewayChannel } from './sms-gateway';
import { createWhatsAppChannel } from './whatsapp';

let configured: readonly Channel[] = [];

/** The channels the environment configures, one per kind at most. */
export function channelsFromConfig(config: MessagingConfig): Channel[] {
  const channels: Channel[] = [];
  if (config.smtpUrl) channels.push(emailChannel({ smtpUrl: config.smtpUrl, from: config.mailFrom ?? '' }));
  // MSG91 when both are set: the gateway is the fallback for offices without a MSG91 account.
  if (config.msg91) channels.push(createMsg91Channel(config.msg91));
  else if (config.smsGateway) channels.push(createSmsGatewayChannel(config.smsGateway));
  if (config.whatsapp) channels.push(createWhatsAppChannel(config.whatsapp));
  return channels;
}

/** Makes these the channels messages are written for and sent through (the server at start, a test). */
export function useChannels(channels: readonly Channel[]): void {
  configured = channels;
}

export function configuredChannels(): readonly Channel[] {
  return configured;
}

export function channelNames(): MessageChannel[] {
  return configured.map((c) => c.channel);
}
