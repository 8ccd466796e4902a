import { ZAdminLoginInput, ZDepartmentLoginInput } from '@fees/validation';
import { signIn } from '../../domain/auth/sign-in';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { logoutHandler } from './logout.handler';
import { meHandler } from './me.handler';

export const authRouter = router({
  login: publicProcedure.input(ZAdminLoginInput).mutation(({ ctx, input }) => signIn(ctx, { ...input, depId: null })),
  departmentLogin: publicProcedure.input(ZDepartmentLoginInput).mutation(({ ctx, input }) => signIn(ctx, input)),
  logout: publicProcedure.mutation(logoutHandler),
  me: authedProcedure.query(meHandler),
});
