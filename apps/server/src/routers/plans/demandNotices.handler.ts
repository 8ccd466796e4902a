import type { TDemandNoticesInput } from '@fees/validation';
import { type AuthedContext, demandNotices } from './service';

/**
 * Demand notices as of a date: one student, or every student of a batch with something to collect.
 * Each carries the instalments due till the date with their fines, the total, and the UPI link
 * for that total when the department has a UPI ID.
 */
export async function demandNoticesHandler({ ctx, input }: { ctx: AuthedContext; input: TDemandNoticesInput }) {
  return demandNotices(ctx.db, input);
}
