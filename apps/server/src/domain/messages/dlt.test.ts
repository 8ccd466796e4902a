import { formatRupees, MAX_RECORD_INTEGER, receiptLabel, STUDENT_LIMITS } from '@fees/validation';
import { describe, expect, it } from 'vitest';
import { checkDlt, DEFAULT_SMS_TEMPLATES, DLT_VARIABLE_MAX, dltTextOf, fitDltVariable, renderSms } from './dlt';

/** The longest values the schemas allow, in the widest characters a name can have. */
const WORST: Record<string, string> = {
  studentName: `${'Venkatasubramanian '.repeat(3)}Iyer`.slice(0, STUDENT_LIMITS.name),
  amount: formatRupees(9_999_999_00),
  fine: formatRupees(9_999_999_00),
  receiptNumber: receiptLabel(MAX_RECORD_INTEGER),
  voucherNumber: String(MAX_RECORD_INTEGER),
  chequeNumber: 'W'.repeat(60),
  date: '31-12-2026',
  dueDate: '31-12-2026',
};

describe('DLT', () => {
  it('the worst-case values are as long as the schemas allow', () => {
    expect(WORST.studentName).toHaveLength(50);
    expect(WORST.amount).toBe('99,99,999.00');
  });

  it.each(Object.entries(DEFAULT_SMS_TEMPLATES))(
    'the %s SMS rendered with the longest values matches its registered text, each variable within 30',
    (_, template) => {
      const { text, parameters } = renderSms(template!.body, WORST);
      const check = checkDlt(template!.dltText, text);
      expect(check).toEqual({ ok: true, variables: parameters });
      for (const variable of parameters) expect(variable.length).toBeLessThanOrEqual(DLT_VARIABLE_MAX);
      expect(text).toContain('Rs ');
      // One SMS part of 160 GSM characters is what the office pays for; a longer text costs two or more.
      expect(text.length).toBeLessThanOrEqual(306);
    },
  );

  it('fits a long name in whole words, or cuts a single word at 30', () => {
    expect(fitDltVariable('Venkatasubramanian Ramakrishnan Iyer')).toBe('Venkatasubramanian');
    expect(fitDltVariable('W'.repeat(60))).toBe('W'.repeat(30));
    expect(fitDltVariable(' Anu\n Kumar ')).toBe('Anu Kumar');
  });

  it('refuses a text that differs from the registered one, and a variable over 30 characters', () => {
    const registered = dltTextOf('Dear Parent, Rs {amount} received for {studentName}.');
    expect(registered).toBe('Dear Parent, Rs {#var#} received for {#var#}.');
    expect(checkDlt(registered, 'Dear Parent, Rs 500.00 received for Anu.')).toEqual({
      ok: true,
      variables: ['500.00', 'Anu'],
    });
    expect(checkDlt(registered, 'Dear Parent, Rs 500.00 received for Anu. Pay more!')).toMatchObject({ ok: false });
    expect(checkDlt(registered, 'Dear parent, Rs 500.00 received for Anu.')).toMatchObject({ ok: false });
    const long = checkDlt(registered, `Dear Parent, Rs 500.00 received for ${'A'.repeat(31)}.`);
    expect(long).toEqual({
      ok: false,
      reason: `Variable 2 of the SMS ("${'A'.repeat(31)}") is 31 characters; DLT allows 30, so it was not sent`,
    });
  });

  it('reads regular-expression characters in a registered text as plain text', () => {
    expect(checkDlt('Paid (Rs {#var#}) + fine?', 'Paid (Rs 10.00) + fine?')).toMatchObject({ ok: true });
    expect(checkDlt('Paid (Rs {#var#}) + fine?', 'Paid Rs 10.00 + fine')).toMatchObject({ ok: false });
  });
});
