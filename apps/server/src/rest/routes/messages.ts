import { MESSAGE_STATUS_NAMES } from '@fees/validation';
import { z } from 'zod';
import { route } from '../route';

/** The outbox for other programs: what was sent to whom, and where each message stands. */
export const messageRoutes = [
  route({
    method: 'GET',
    path: '/v2/messages',
    procedure: 'messages.list',
    summary:
      "A department's messages, newest first (at most limit, 200 unless given, up to 1000): channel, recipient, " +
      'template (the event that caused it), status, attempts, the receipt number and the student; ' +
      'by admission number, status, and the days (from, to: yyyy-MM-dd in the server time zone) they were written',
    access: 'read',
    request: { depId: 'depId', admNo: 'admissionNo', status: 'status', from: 'from', to: 'to', limit: 'limit' },
    errorNames: { admissionNo: 'admNo' },
    response: z.array(
      z.object({
        id: z.int(),
        channel: z.enum(['email', 'sms', 'whatsapp']),
        recipient: z.string(),
        recipientName: z.string(),
        template: z.string(),
        status: z.enum(MESSAGE_STATUS_NAMES),
        attempts: z.int(),
        receiptNo: z.int().nullable(),
        admNo: z.string().nullable(),
        studentName: z.string().nullable(),
        providerId: z.string().nullable(),
        error: z.string().nullable(),
        createdAt: z.string(),
        sentAt: z.string().nullable(),
      }),
    ),
    output: (rows) =>
      rows.map((m) => ({
        id: m.id,
        channel: m.channel,
        recipient: m.recipient,
        recipientName: m.recipientName,
        template: m.event,
        status: m.status,
        attempts: m.attempts,
        receiptNo: m.receiptNumber,
        admNo: m.admissionNo,
        studentName: m.studentName,
        providerId: m.providerId,
        error: m.error,
        createdAt: m.createdAt,
        sentAt: m.sentAt,
      })),
  }),
];
