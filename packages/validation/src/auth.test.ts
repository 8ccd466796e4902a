import { describe, expect, it } from 'vitest';
import { ZCreateAdminInput, ZCreateUserInput, ZPassword } from './auth';
import { MSG } from './messages';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('passwords', () => {
  it.each([
    ['a'.repeat(5), [MSG.passwordMin]],
    ['a'.repeat(6), []],
    ['a'.repeat(12), []],
    ['a'.repeat(13), [MSG.passwordMax]],
    ['', [MSG.required, MSG.passwordMin]],
  ])('%j', (pwd, expected) => expect(messages(ZPassword.safeParse(pwd))).toEqual(expected));

  it('the confirmation must match', () => {
    const r = ZCreateAdminInput.safeParse({ email: 'a@b.in', pwd1: 'secret1', pwd2: 'secret2', chk1: true });
    expect(messages(r)).toEqual([MSG.passwordsMismatch]);
    expect(r.error?.issues[0]?.path).toEqual(['pwd2']);
  });

  it('terms must be agreed', () => {
    const r = ZCreateAdminInput.safeParse({ email: 'a@b.in', pwd1: 'secret1', pwd2: 'secret1', chk1: false });
    expect(messages(r)).toEqual([MSG.required]);
  });
});

describe('new department user', () => {
  it('requires a department and defaults the role to user', () => {
    expect(
      messages(ZCreateUserInput.safeParse({ email: 'a@b.in', pwd1: 'secret1', pwd2: 'secret1', chk1: true })),
    ).toEqual([MSG.required]);
    expect(
      ZCreateUserInput.parse({ depId: 100, email: 'a@b.in', pwd1: 'secret1', pwd2: 'secret1', chk1: true }).options,
    ).toBe('user');
  });
});
