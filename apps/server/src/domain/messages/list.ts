import type { TListMessagesInput } from '@fees/validation';
import type { AuthedContext } from '../../context';
import { listOutbox } from './outbox-screen';

/**
 * A department's messages for other programs, newest first: the Messages screen's list (the same filters
 * and the same rule for a family's reminder naming a student), without its paging.
 */
export async function listDepartmentMessages(ctx: AuthedContext, input: TListMessagesInput) {
  const page = await listOutbox(ctx, {
    depId: input.depId,
    status: input.status ?? undefined,
    from: input.from ?? undefined,
    to: input.to ?? undefined,
    admNo: input.admissionNo ?? undefined,
    limit: input.limit,
    offset: 0,
  });
  return page.rows;
}
