/**
 * The messages of maker and checker over a local SMTP server: a new request reaches the department's
 * approvers (its other accountants and the administrators, never the maker, a cashier or another
 * department), the decision reaches the maker; without e-mail configured nothing is queued.
 */
import { messages, users } from '@fees/db';
import { NO_APPROVALS } from '@fees/validation';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { LoginLimiter } from '../../auth/login-limiter';
import { createContextInner } from '../../context';
import { createCaller } from '../../routers/_app';
import { sentForApproval } from '../../test/approvals';
import { createAccount } from '../../test/harness';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp';
import { useFixture, useHarness } from '../../test/use-harness';
import { useChannels } from '../messages/channels';
import { emailChannel } from '../messages/channels/email';
import { MessageWorker } from '../messages/worker';

const h = useHarness();
const fx = useFixture(h);

let smtp: SmtpStandIn | undefined;
let worker: MessageWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await smtp?.stop();
  useChannels([]);
  worker = undefined;
  smtp = undefined;
});

async function checker() {
  const session = await createAccount(h.db, {
    email: 'ug2@test.local',
    role: 'accountant',
    departmentId: 100,
    name: 'Meera Pillai',
  });
  return createCaller(createContextInner({ db: h.db, session, ip: '127.0.0.1', loginLimiter: new LoginLimiter() }));
}

const voidInput = () => ({ number: fx.ug.receiptNumber, version: 1, reason: 'Entered for the wrong student' });

describe('approval messages', () => {
  it("tell the department's approvers what waits, and the maker how it was decided", async () => {
    smtp = await startSmtpStandIn();
    const channel = emailChannel({ smtpUrl: smtp.url, from: 'Fee office <fees@college.test>' });
    useChannels([channel]);
    await h.db.update(users).set({ name: 'Ravi Kumar' }).where(eq(users.email, 'ug@test.local'));
    const ug2 = await checker();
    await h.caller('admin').approvals.settings.update({ ...NO_APPROVALS, void: true });

    const sent = sentForApproval(await h.caller('ugStaff').receipts.void(voidInput()));
    worker = new MessageWorker(h.db, { channels: [channel], origin: 'http://fees.test' });
    expect(await worker.runOnce()).toBe(2);
    const asked = await smtp.waitFor(2);
    expect(asked.map((m) => (m.to as { value: Array<{ address: string }> }).value[0]!.address).sort()).toEqual([
      'admin@test.local',
      'ug2@test.local',
    ]);
    const label = `#000${fx.ug.receiptNumber}`;
    const mine = asked.find(
      (m) => (m.to as { value: Array<{ address: string }> }).value[0]!.address === 'ug2@test.local',
    )!;
    expect(mine.subject).toBe(`Waiting for your approval: Void receipt ${label}`);
    expect(mine.text).toContain(`Dear Meera Pillai,`);
    expect(mine.text).toContain(
      `Ravi Kumar asks for your approval in Arts and Science UG: Void receipt ${label} (request ${sent.requestId}).`,
    );
    expect(mine.text).toContain('Reason: Entered for the wrong student');

    await ug2.approvals.approve({ id: sent.requestId });
    expect(await worker.runOnce()).toBe(1);
    const [, , decided] = await smtp.waitFor(3);
    expect((decided!.to as { value: Array<{ address: string }> }).value[0]!.address).toBe('ug@test.local');
    expect(decided!.subject).toBe(`Your request was approved: Void receipt ${label}`);
    expect(decided!.text).toContain(
      `Your request ${sent.requestId} in Arts and Science UG (Void receipt ${label}) was approved by Meera Pillai. ` +
        `Receipt ${label} voided.`,
    );
  });

  it('tell the maker why a request was rejected; nothing is queued without e-mail', async () => {
    const ug2 = await checker();
    await h.caller('admin').approvals.settings.update({ ...NO_APPROVALS, void: true });
    const quiet = sentForApproval(await h.caller('ugStaff').receipts.void(voidInput()));
    await ug2.approvals.reject({ id: quiet.requestId, reason: 'Paid by the parent' });
    expect(await h.db.select().from(messages)).toEqual([]);

    const channel = emailChannel({ smtpUrl: 'smtp://127.0.0.1:9', from: 'fees@college.test' });
    useChannels([channel]);
    const sent = sentForApproval(await h.caller('ugStaff').receipts.void(voidInput()));
    await ug2.approvals.reject({ id: sent.requestId, reason: 'The parent paid this one' });
    const queued = await h.db.select().from(messages).where(eq(messages.event, 'approval_decided'));
    expect(queued.map((m) => [m.recipient, m.body])).toEqual([
      [
        'ug@test.local',
        expect.stringContaining(`was rejected by Meera Pillai. Reason: The parent paid this one. Nothing was changed.`),
      ],
    ]);
    const asked = await h.db.select().from(messages).where(eq(messages.event, 'approval_requested'));
    expect(asked.map((m) => m.recipient).sort()).toEqual(['admin@test.local', 'ug2@test.local']);
  });
});
