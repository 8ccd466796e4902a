import { localToday } from '@fees/validation';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { BackupSettings } from './backup/automatic';
import { parseKeep } from './backup/retention';
import { MSG91_DEFAULT_API_BASE, type Msg91Config } from './domain/messages/channels/msg91';
import type { SmsGatewayConfig } from './domain/messages/channels/sms-gateway';
import { WHATSAPP_DEFAULT_API_BASE, type WhatsAppConfig } from './domain/messages/channels/whatsapp';
import { RAZORPAY_DEFAULT_API_BASE, type RazorpayConfig } from './domain/payments/razorpay';

/** Settings read from the environment (README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  databasePath: string;
  /** DATABASE_URL: a postgres:// URL; when set the server runs on PostgreSQL instead of the SQLite file. */
  databaseUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Serve cookies with the Secure flag (behind HTTPS). */
  secureCookies: boolean;
  /** The web app's build folder, when not the default apps/web/dist. */
  webRoot: string | undefined;
  /** ALLOWED_ORIGINS: further origins (scheme://host[:port]) whose pages may send writes. */
  allowedOrigins: string[];
  /** PUBLIC_URL: the address people open the app at when a reverse proxy serves it (its origin). */
  publicUrl: string | undefined;
  /** pino's level for the JSON log on standard output. */
  logLevel: (typeof LOG_LEVELS)[number];
  /** The reverse proxies whose X-Forwarded-For gives the client's address (addresses or CIDRs), or false. */
  trustProxy: string | false;
  /** Automatic backups (README "Backup and restore"). */
  backup: BackupSettings;
  /** The channels messages go out by (README "Messages"); a channel whose settings are absent is off. */
  messaging: MessagingConfig;
  /** RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET, RAZORPAY_API_BASE; null: no online payments. */
  razorpay: RazorpayConfig | null;
}

export interface MessagingConfig {
  /** SMTP_URL: e-mail's server, smtp://user:password@host:587 (smtps:// for TLS from the start). */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of e-mails, "Fee office <fees@example.org>". */
  mailFrom?: string;
  /** MSG91_AUTH_KEY, MSG91_SENDER, MSG91_API_BASE. */
  msg91?: Msg91Config;
  /** MSG91_WEBHOOK_TOKEN: the secret MSG91's delivery reports carry in their URL (?token=), MSG91 signs nothing. */
  msg91WebhookToken?: string;
  /** SMS_GATEWAY_URL, SMS_GATEWAY_METHOD, SMS_GATEWAY_SUCCESS. */
  smsGateway?: SmsGatewayConfig;
  /** WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_API_BASE. */
  whatsapp?: WhatsAppConfig;
  /** WHATSAPP_APP_SECRET (signs each webhook POST) and WHATSAPP_VERIFY_TOKEN (the GET handshake). */
  whatsappWebhook?: { appSecret: string; verifyToken: string };
}

const setting = (env: NodeJS.ProcessEnv, name: string) => env[name]?.trim() || undefined;

/** Variables that only work together: all set, or none (a half-configured provider is a typing slip). */
function together(env: NodeJS.ProcessEnv, names: string[]): string[] | undefined {
  const values = names.map((name) => setting(env, name));
  if (values.every((v) => v === undefined)) return undefined;
  const missing = names.filter((_, i) => values[i] === undefined);
  if (missing.length > 0)
    throw new Error(`${missing.join(' and ')} must be set too when ${names.find((_, i) => values[i])} is`);
  return values as string[];
}

function apiBaseOf(variable: string, text: string | undefined, fallback: string): string {
  if (text === undefined) return fallback;
  originOf(variable, text);
  return text.replace(/\/+$/, '');
}

export function readMessagingConfig(env: NodeJS.ProcessEnv = process.env): MessagingConfig {
  const smtpUrl = setting(env, 'SMTP_URL');
  const mailFrom = setting(env, 'MAIL_FROM');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new Error(`SMTP_URL: "${smtpUrl}" is not an address like smtp://user:password@mail.example.org:587`);
  if (smtpUrl && !mailFrom)
    throw new Error('MAIL_FROM: give the sender of e-mails, like "Fee office <fees@example.org>"');
  const config: MessagingConfig = smtpUrl ? { smtpUrl, mailFrom } : {};
  const msg91 = together(env, ['MSG91_AUTH_KEY', 'MSG91_SENDER']);
  if (msg91) {
    const [authKey, sender] = msg91 as [string, string];
    config.msg91 = {
      authKey,
      sender,
      apiBase: apiBaseOf('MSG91_API_BASE', setting(env, 'MSG91_API_BASE'), MSG91_DEFAULT_API_BASE),
    };
  }
  config.msg91WebhookToken = setting(env, 'MSG91_WEBHOOK_TOKEN');
  const gatewayUrl = setting(env, 'SMS_GATEWAY_URL');
  if (gatewayUrl) {
    originOf('SMS_GATEWAY_URL', gatewayUrl.replace(/\{[A-Za-z0-9]+\}/g, 'x'));
    if (!/\{mobile(10)?\}/.test(gatewayUrl) || !gatewayUrl.includes('{text}'))
      throw new Error('SMS_GATEWAY_URL must hold {mobile} (or {mobile10}) and {text}, where the gateway takes them');
    const method = (setting(env, 'SMS_GATEWAY_METHOD') ?? 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'POST')
      throw new Error(`SMS_GATEWAY_METHOD must be GET or POST (got "${method}")`);
    const success = setting(env, 'SMS_GATEWAY_SUCCESS');
    let successPattern: RegExp | undefined;
    try {
      successPattern = success === undefined ? undefined : new RegExp(success);
    } catch {
      throw new Error(`SMS_GATEWAY_SUCCESS is not a regular expression: "${success}"`);
    }
    config.smsGateway = { urlTemplate: gatewayUrl, method, success: successPattern };
  }
  const whatsapp = together(env, ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID']);
  if (whatsapp) {
    const [token, phoneNumberId] = whatsapp as [string, string];
    config.whatsapp = {
      token,
      phoneNumberId,
      apiBase: apiBaseOf('WHATSAPP_API_BASE', setting(env, 'WHATSAPP_API_BASE'), WHATSAPP_DEFAULT_API_BASE),
    };
  }
  const webhook = together(env, ['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN']);
  if (webhook) config.whatsappWebhook = { appSecret: webhook[0]!, verifyToken: webhook[1]! };
  return config;
}

/** Razorpay's keys: both or neither; the webhook secret is optional (polling applies every payment without it). */
export function readRazorpayConfig(env: NodeJS.ProcessEnv = process.env): RazorpayConfig | null {
  const keys = together(env, ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET']);
  if (!keys) return null;
  return {
    keyId: keys[0]!,
    keySecret: keys[1]!,
    webhookSecret: setting(env, 'RAZORPAY_WEBHOOK_SECRET') ?? null,
    apiBase: apiBaseOf('RAZORPAY_API_BASE', setting(env, 'RAZORPAY_API_BASE'), RAZORPAY_DEFAULT_API_BASE),
  };
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function logLevelOf(value: string | undefined): ServerConfig['logLevel'] {
  const level = (value ?? 'info').toLowerCase();
  const known = LOG_LEVELS.find((l) => l === level);
  if (!known) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${value}")`);
  return known;
}

/** TRUST_PROXY: 1 is a proxy on this machine (Caddy or nginx in front); else addresses or CIDRs. */
function trustProxyOf(value: string | undefined): string | false {
  const text = value?.trim();
  if (!text || text === '0' || text === 'false') return false;
  if (text === '1' || text === 'true') return '127.0.0.1,::1';
  return text;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  // Paths are relative to where the command was typed: pnpm runs package scripts (pnpm dev) in the
  // package folder and says where it was started in INIT_CWD.
  const base = env.INIT_CWD ?? process.cwd();
  const databasePath = resolve(base, env.DATABASE_PATH ?? 'data/fees.sqlite');
  const schedule = (env.BACKUP_SCHEDULE ?? '0 2 * * *').trim();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databasePath,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    secureCookies: env.COOKIE_SECURE === '1',
    webRoot: env.WEB_ROOT ? resolve(base, env.WEB_ROOT) : undefined,
    logLevel: logLevelOf(env.LOG_LEVEL),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    backup: {
      // Beside the database by default: data/backups for data/fees.sqlite.
      dir: env.BACKUP_DIR ? resolve(base, env.BACKUP_DIR) : join(dirname(databasePath), 'backups'),
      schedule: schedule === 'off' ? null : schedule,
      keep: parseKeep(env.BACKUP_KEEP),
      copyTo: env.BACKUP_COPY_TO ? resolve(base, env.BACKUP_COPY_TO) : null,
      prefix: basename(databasePath, extname(databasePath)),
    },
    allowedOrigins: allowedOriginsOf(env.ALLOWED_ORIGINS),
    publicUrl: env.PUBLIC_URL?.trim() ? originOf('PUBLIC_URL', env.PUBLIC_URL.trim()) : undefined,
    messaging: readMessagingConfig(env),
    razorpay: readRazorpayConfig(env),
  };
}

function originOf(variable: string, text: string): string {
  const url = URL.parse(text);
  if (!url || !/^https?:$/.test(url.protocol))
    throw new Error(`${variable}: "${text}" is not an address like https://fees.example.org`);
  return url.origin;
}

function allowedOriginsOf(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => originOf('ALLOWED_ORIGINS', part));
}

/** Origins besides the app's own whose pages may send writes: PUBLIC_URL's and ALLOWED_ORIGINS. */
export function writeOrigins(config: Pick<ServerConfig, 'publicUrl' | 'allowedOrigins'>): string[] {
  return [...(config.publicUrl ? [config.publicUrl] : []), ...config.allowedOrigins];
}

/** The names a browser may reach this server by, besides localhost and IP addresses: HOST and those of writeOrigins. */
export function serverNames(config: Pick<ServerConfig, 'host' | 'publicUrl' | 'allowedOrigins'>): string[] {
  return [config.host, ...writeOrigins(config).map((origin) => new URL(origin).hostname)];
}

/** "Today" is the foundation's date (TZ, default Asia/Kolkata), not the server's UTC date. */
export function ensureTimeZone(env: NodeJS.ProcessEnv = process.env): void {
  if (!env.TZ) env.TZ = 'Asia/Kolkata';
}

/** Today as yyyy-MM-dd in the process time zone. */
export function today(now: Date = new Date()): string {
  return localToday(now);
}
