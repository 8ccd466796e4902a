import type { MESSAGE_CHANNEL_NAMES, MESSAGE_EVENT_NAMES, MESSAGE_STATUS_NAMES } from '@fees/validation';

export type Channel = (typeof MESSAGE_CHANNEL_NAMES)[number];
export type MessageEventName = (typeof MESSAGE_EVENT_NAMES)[number];
export type MessageStatusName = (typeof MESSAGE_STATUS_NAMES)[number];

export const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

export const EVENT_LABELS: Record<MessageEventName, string> = {
  receipt_created: 'Receipt',
  receipt_edited: 'Receipt edited',
  receipt_voided: 'Receipt voided',
  refund_paid: 'Refund paid',
  cheque_bounced: 'Cheque bounced',
  notice_issued: 'Demand notice',
  payment_link: 'Payment link',
  reminder_before: 'Reminder before the due date',
  reminder_on: 'Reminder on the due date',
  reminder_after: 'Reminder after the due date',
  daily_summary: 'Daily summary',
  approval_requested: 'Approval asked',
  approval_decided: 'Approval decided',
};

export const STATUS_LABELS: Record<MessageStatusName, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STATUS_COLORS: Record<MessageStatusName, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  delivered: 'green',
  read: 'green',
  failed: 'red',
  cancelled: 'orange',
};
