import { router } from '../../trpc';

export const batchesRouter = router({});
