import { router } from '../../trpc';

export const adminRouter = router({});
