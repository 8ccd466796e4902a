import { router } from '../../trpc';

export const discountsRouter = router({});
