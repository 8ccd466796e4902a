import { ZAdminLoginInput, ZDepartmentLoginInput } from '@fees/validation';
import { signIn } from '../../domain/auth/sign-in';
import { signOut } from '../../domain/auth/logout';
import { authedProcedure, publicProcedure, router } from '../../trpc';

export const authRouter = router({
  login: publicProcedure.input(ZAdminLoginInput).mutation(({ ctx, input }) => signIn(ctx, { ...input, depId: null })),
  departmentLogin: publicProcedure.input(ZDepartmentLoginInput).mutation(({ ctx, input }) => signIn(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => signOut(ctx)),
  /** The signed-in account as the client needs it for its shells. */
  me: authedProcedure.query(({ ctx: { session: s } }) => ({
    userId: s.userId,
    email: s.email,
    role: s.role,
    departmentId: s.departmentId,
    department: s.role === 'admin' ? 'ADM' : (s.departmentCode ?? ''),
  })),
});
