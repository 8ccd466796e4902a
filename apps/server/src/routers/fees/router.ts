import { router } from '../../trpc';

export const feesRouter = router({});
