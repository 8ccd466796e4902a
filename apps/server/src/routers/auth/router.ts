import { ZAdminLoginInput, ZDepartmentLoginInput } from '@fees/validation';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { departmentLoginHandler } from './departmentLogin.handler';
import { loginHandler } from './login.handler';
import { logoutHandler } from './logout.handler';
import { meHandler } from './me.handler';

export const authRouter = router({
  login: publicProcedure.input(ZAdminLoginInput).mutation(loginHandler),
  departmentLogin: publicProcedure.input(ZDepartmentLoginInput).mutation(departmentLoginHandler),
  logout: publicProcedure.mutation(logoutHandler),
  me: authedProcedure.query(meHandler),
});
