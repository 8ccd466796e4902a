import { z } from 'zod';
import { ZDepId, ZEmail, ZId, ZMustConfirm } from './common';
import { MSG } from './messages';

export const ZPassword = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(6, MSG.passwordMin)
  .max(12, MSG.passwordMax);

/** Sign-in password: any length is checked against the hash, only emptiness is refused here. */
const ZSignInPassword = z.string({ error: MSG.required }).min(1, MSG.required).max(200, MSG.maxChars(200));

export const ZAdminLoginInput = z.object({ email: ZEmail, password: ZSignInPassword });
export type TAdminLoginInput = z.infer<typeof ZAdminLoginInput>;

export const ZDepartmentLoginInput = ZAdminLoginInput.extend({ depId: ZDepId });
export type TDepartmentLoginInput = z.infer<typeof ZDepartmentLoginInput>;

/** A new password typed twice: pwd1 and pwd2 as the spec names them. */
const ZPasswordPair = z.object({ pwd1: ZPassword, pwd2: ZPassword });

function passwordsMatch<T extends { pwd1: string; pwd2: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.pwd1 !== v.pwd2) ctx.addIssue({ code: 'custom', message: MSG.passwordsMismatch, path: ['pwd2'] });
}

/** Admin registration (/admin/newadm): email, pwd1, pwd2, chk1 ('Agree to terms and conditions'). */
export const ZCreateAdminInput = ZPasswordPair.extend({ email: ZEmail, chk1: ZMustConfirm }).superRefine(
  passwordsMatch,
);
export type TCreateAdminInput = z.infer<typeof ZCreateAdminInput>;

/** Password change for an admin or a user: the email is shown read-only; chk1 is 'Accept'. */
export const ZChangePasswordInput = ZPasswordPair.extend({
  userId: ZId,
  email: ZEmail,
  chk1: ZMustConfirm,
}).superRefine(passwordsMatch);
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;

export const ZUserRoleOption = z.enum(['admin', 'user'], { error: MSG.required });

/** New department user (/admin/nuser): role admin or user (default user), department required. */
export const ZCreateUserInput = ZPasswordPair.extend({
  options: ZUserRoleOption.default('user'),
  depId: ZDepId,
  email: ZEmail,
  chk1: ZMustConfirm,
}).superRefine(passwordsMatch);
export type TCreateUserInput = z.infer<typeof ZCreateUserInput>;
