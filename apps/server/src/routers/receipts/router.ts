import { router } from '../../trpc';

export const receiptsRouter = router({});
