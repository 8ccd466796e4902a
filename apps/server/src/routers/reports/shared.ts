import type { SessionUser } from '@fees/db';
import type { Context } from '../../context';

export type AuthedContext = Context & { session: SessionUser };
