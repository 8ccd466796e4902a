/**
 * Staff give a family its page's link (to send, print or read out) and revoke it when it reached the
 * wrong person: revoking kills every copy sent before at once, and the next link asked for is a new
 * one. Both are audited. Offered only where the app has a public address (PUBLIC_URL): a link to an
 * office-network address would open nothing at home.
 */
import { findFamilyLink, reissueFamilyLink, revokeFamilyLink, writeAudit } from '@fees/db';
import { refuse, type TFamilyLinkInput } from '@fees/validation';
import { actorOf } from '../../audit';
import type { AuthedContext } from '../../context';
import { studentOfDepartment } from '../receipts/service';
import { inTransaction } from '../write';
import { familyUrl } from './token';

export function publicUrlOf(ctx: { publicUrl: string | null }): string {
  return (
    ctx.publicUrl ??
    refuse(
      'NOT_FOUND',
      "The family page needs the app's public address (PUBLIC_URL), which this server does not have: " +
        'ask the administrator',
    )
  );
}

/** The student's link; after a revoke, this issues the new one (audited). */
export async function familyLink(ctx: AuthedContext, input: TFamilyLinkInput) {
  const origin = publicUrlOf(ctx);
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  const link = await findFamilyLink(ctx.db, student.id);
  if (link.revoked) {
    const actor = actorOf(ctx);
    await inTransaction(ctx, async (tx) => {
      if (!(await reissueFamilyLink(tx, { studentId: student.id, userId: actor.userId }))) return;
      await writeAudit(tx, {
        actor,
        action: 'create',
        entity: 'family_link',
        entityId: String(student.id),
        after: { admissionNo: student.admissionNo, generation: link.generation },
      });
    });
  }
  return { url: await familyUrl(ctx.db, origin, student.id, link.generation) };
}

/** Kills the student's current link; the family needs the next one to open the page again. */
export async function revokeLink(ctx: AuthedContext, input: TFamilyLinkInput) {
  publicUrlOf(ctx);
  const student = await studentOfDepartment(ctx.db, input, ctx.session);
  const actor = actorOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const before = await findFamilyLink(tx, student.id);
    const after = await revokeFamilyLink(tx, { studentId: student.id, userId: actor.userId });
    await writeAudit(tx, {
      actor,
      action: 'delete',
      entity: 'family_link',
      entityId: String(student.id),
      before: { admissionNo: student.admissionNo, generation: before.generation },
      after: { generation: after.generation },
    });
  });
  return { revoked: true };
}
