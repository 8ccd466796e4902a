/**
 * The mail thread (email.ts): sends each e-mail it is given over SMTP and answers with the outcome, so that
 * building a message with its PDF and the SMTP conversation never take the server's own thread.
 */
import { serveThread } from '../../../worker-thread';
import type { SendResult } from './channel';
import { type EmailRequest, sendEmail } from './email';

serveThread<EmailRequest, SendResult>(({ settings, message }) => sendEmail(settings, message));
