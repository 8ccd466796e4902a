import { router } from '../../trpc';

export const studentsRouter = router({});
