import { describe, expect, it } from 'vitest';
import { readMessagingConfig } from './config';

describe('the SMS and WhatsApp providers from the environment', () => {
  it('are all off when nothing is set', () => {
    expect(readMessagingConfig({})).toEqual({ msg91WebhookToken: undefined });
  });

  it('turn on with their variables alone, with the providers’ own addresses by default', () => {
    const config = readMessagingConfig({
      MSG91_AUTH_KEY: 'key',
      MSG91_SENDER: 'FEESOF',
      MSG91_WEBHOOK_TOKEN: 'hook',
      WHATSAPP_TOKEN: 'EAAG',
      WHATSAPP_PHONE_NUMBER_ID: '1065',
      WHATSAPP_APP_SECRET: 'secret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
      SMS_GATEWAY_URL: 'https://sms.example.in/send?to={mobile}&text={text}',
    });
    expect(config).toEqual({
      msg91: { authKey: 'key', sender: 'FEESOF', apiBase: 'https://api.msg91.com' },
      msg91WebhookToken: 'hook',
      whatsapp: { token: 'EAAG', phoneNumberId: '1065', apiBase: 'https://graph.facebook.com/v23.0' },
      whatsappWebhook: { appSecret: 'secret', verifyToken: 'verify' },
      smsGateway: {
        urlTemplate: 'https://sms.example.in/send?to={mobile}&text={text}',
        method: 'GET',
        success: undefined,
      },
    });
  });

  it('take the stand-ins’ addresses from MSG91_API_BASE and WHATSAPP_API_BASE', () => {
    const config = readMessagingConfig({
      MSG91_AUTH_KEY: 'key',
      MSG91_SENDER: 'FEESOF',
      MSG91_API_BASE: 'http://127.0.0.1:4171/',
      WHATSAPP_TOKEN: 'EAAG',
      WHATSAPP_PHONE_NUMBER_ID: '1065',
      WHATSAPP_API_BASE: 'http://127.0.0.1:4172/v23.0',
    });
    expect(config.msg91?.apiBase).toBe('http://127.0.0.1:4171');
    expect(config.whatsapp?.apiBase).toBe('http://127.0.0.1:4172/v23.0');
  });

  it('refuse to start half configured, naming what is missing', () => {
    expect(() => readMessagingConfig({ MSG91_AUTH_KEY: 'key' })).toThrow(
      'MSG91_SENDER must be set too when MSG91_AUTH_KEY is',
    );
    expect(() => readMessagingConfig({ WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      'WHATSAPP_TOKEN must be set too when WHATSAPP_PHONE_NUMBER_ID is',
    );
    expect(() => readMessagingConfig({ WHATSAPP_APP_SECRET: 's' })).toThrow('WHATSAPP_VERIFY_TOKEN must be set too');
    expect(() => readMessagingConfig({ SMS_GATEWAY_URL: 'https://sms.example.in/send?to={mobile}' })).toThrow(
      'SMS_GATEWAY_URL must hold {mobile} (or {mobile10}) and {text}',
    );
    expect(() =>
      readMessagingConfig({ SMS_GATEWAY_URL: 'https://x.in/?to={mobile}&t={text}', SMS_GATEWAY_METHOD: 'PUT' }),
    ).toThrow('SMS_GATEWAY_METHOD must be GET or POST');
    expect(() =>
      readMessagingConfig({ SMS_GATEWAY_URL: 'https://x.in/?to={mobile}&t={text}', SMS_GATEWAY_SUCCESS: '([' }),
    ).toThrow('SMS_GATEWAY_SUCCESS is not a regular expression');
    expect(() =>
      readMessagingConfig({ MSG91_AUTH_KEY: 'k', MSG91_SENDER: 's', MSG91_API_BASE: 'api.msg91.com' }),
    ).toThrow('MSG91_API_BASE');
  });
});
