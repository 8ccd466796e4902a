import { listCategories, listCourses, listDepartments, listFeeHeads, listReligions } from '@fees/db';
import { ZDepId } from '@fees/validation';
import { z } from 'zod';
import { authedProcedure, publicProcedure, router } from '../../trpc';

/** Reference lists every screen chooses from. Departments are public: the home page's login menu lists them. */
export const referenceRouter = router({
  departments: publicProcedure.query(({ ctx }) => listDepartments(ctx.db)),
  courses: authedProcedure
    .input(z.object({ depId: ZDepId.optional() }).optional())
    .query(({ ctx, input }) => listCourses(ctx.db, input?.depId)),
  categories: authedProcedure.query(({ ctx }) => listCategories(ctx.db)),
  religions: authedProcedure.query(({ ctx }) => listReligions(ctx.db)),
  feeHeads: authedProcedure.query(({ ctx }) => listFeeHeads(ctx.db)),
});
