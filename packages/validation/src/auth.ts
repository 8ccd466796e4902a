import { z } from 'zod';
import { requiredText, ZDepId, ZEmail, ZId, ZMustConfirm } from './common';
import { MSG } from './messages';
import { ROLES, servesEveryDepartment } from './roles';

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

export const ZRole = z.enum(ROLES, { error: 'Choose a role' });

/** The departments an account serves: at least one (admins and auditors serve every one and need none). */
const ZDepIds = z
  .array(ZDepId, { error: 'Choose the departments' })
  .max(6)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

function departmentsForRole(v: { role: (typeof ROLES)[number]; depIds: number[] }, ctx: z.RefinementCtx) {
  if (!servesEveryDepartment(v.role) && v.depIds.length === 0)
    ctx.addIssue({ code: 'custom', message: 'Choose at least one department', path: ['depIds'] });
}

export const ZDisplayName = requiredText(80);

/** A new account from the Users screen or POST /rest/v2/users: one password, a name, a role and departments. */
export const ZCreateAccountInput = z
  .object({ email: ZEmail, password: ZPassword, name: ZDisplayName, role: ZRole, depIds: ZDepIds.default([]) })
  .superRefine(departmentsForRole);
export type TCreateAccountInput = z.infer<typeof ZCreateAccountInput>;

/** An account's name, role and departments, as the Users screen edits them. */
export const ZUpdateAccountInput = z
  .object({ id: ZId, name: ZDisplayName, role: ZRole, depIds: ZDepIds.default([]) })
  .superRefine(departmentsForRole);
export type TUpdateAccountInput = z.infer<typeof ZUpdateAccountInput>;

/** Disables an account (it cannot sign in; its history keeps its name) or enables it again. */
export const ZSetAccountDisabledInput = z.object({ id: ZId, disabled: z.boolean({ error: MSG.required }) });
export type TSetAccountDisabledInput = z.infer<typeof ZSetAccountDisabledInput>;

/** An administrator's reset: the user must choose a new password at the next sign-in. */
export const ZResetPasswordInput = z.object({ id: ZId, password: ZPassword });
export type TResetPasswordInput = z.infer<typeof ZResetPasswordInput>;

/** A user's own change: the current password, the new one typed twice. */
export const ZChangeOwnPasswordInput = ZPasswordPair.extend({
  current: z.string({ error: MSG.required }).min(1, MSG.required).max(200, MSG.maxChars(200)),
}).superRefine((v, ctx) => {
  passwordsMatch(v, ctx);
  if (v.current === v.pwd1)
    ctx.addIssue({ code: 'custom', message: 'Choose a password different from the current one', path: ['pwd1'] });
});
export type TChangeOwnPasswordInput = z.infer<typeof ZChangeOwnPasswordInput>;
