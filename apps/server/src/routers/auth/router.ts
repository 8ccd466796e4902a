import { ZAdminLoginInput, ZChangeOwnPasswordInput, ZDepartmentLoginInput } from '@fees/validation';
import { changeOwnPassword } from '../../domain/auth/change-password';
import { me } from '../../domain/auth/me';
import { signIn } from '../../domain/auth/sign-in';
import { signOut } from '../../domain/auth/logout';
import { accountProcedure, publicProcedure, router } from '../../trpc';

export const authRouter = router({
  login: publicProcedure.input(ZAdminLoginInput).mutation(({ ctx, input }) => signIn(ctx, { ...input, depId: null })),
  departmentLogin: publicProcedure.input(ZDepartmentLoginInput).mutation(({ ctx, input }) => signIn(ctx, input)),
  logout: publicProcedure.mutation(({ ctx }) => signOut(ctx)),
  /** The signed-in account as the client needs it for its shells, with its capabilities. */
  me: accountProcedure.query(({ ctx }) => me(ctx)),
  /** The user's own password (also the way out of an administrator's reset). */
  changePassword: accountProcedure
    .input(ZChangeOwnPasswordInput)
    .mutation(({ ctx, input }) => changeOwnPassword(ctx, input)),
});
