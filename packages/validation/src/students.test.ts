import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { STUDENT_LIMITS, ZCreateStudentInput, ZStudentForm } from './students';

const valid = {
  depId: 100,
  courseId: 1003,
  batchId: 1,
  capId: 'CAP1',
  name: 'Anjali Menon',
  admissionNo: 'UG-1',
  admissionDate: '2025-06-10',
  categoryId: 1,
  dateOfBirth: '2007-04-02',
  gender: 'Female',
  address: 'Thrissur',
  confirm: true,
};

const messagesOf = (input: unknown) => {
  const r = ZCreateStudentInput.safeParse(input);
  const first: Record<string, string> = {};
  for (const issue of r.success ? [] : r.error.issues) first[String(issue.path[0])] ??= issue.message;
  return first;
};

describe('student registration schema', () => {
  it('accepts a complete form and turns empty optional fields into null', () => {
    const r = ZCreateStudentInput.parse({ ...valid, email: '', phone: '  ', religionId: '' });
    expect(r).toMatchObject({
      email: null,
      phone: null,
      parentName: null,
      guardianAddress: null,
      religionId: null,
      confirm: true,
    });
  });

  it('says Required for every required field left empty', () => {
    const empty = {
      depId: 100,
      courseId: '',
      batchId: '',
      capId: '',
      name: '',
      admissionNo: '',
      admissionDate: '',
      categoryId: '',
      dateOfBirth: '',
      gender: '',
      address: '',
      confirm: false,
    };
    expect(messagesOf(empty)).toEqual({
      courseId: MSG.required,
      batchId: MSG.required,
      capId: MSG.required,
      name: MSG.required,
      admissionNo: MSG.required,
      admissionDate: MSG.required,
      categoryId: MSG.required,
      dateOfBirth: MSG.required,
      gender: MSG.required,
      address: MSG.required,
      confirm: MSG.required,
    });
  });

  it.each([
    ['capId', STUDENT_LIMITS.capId, 'Maximum 50 digit allowed'],
    ['name', STUDENT_LIMITS.name, 'Maximum 50 characters allowed'],
    ['admissionNo', STUDENT_LIMITS.admissionNo, 'Maximum 30 characters allowed'],
    ['address', STUDENT_LIMITS.address, 'Maximum 200 digit allowed'],
    ['parentName', STUDENT_LIMITS.parentName, 'Maximum 50 characters allowed'],
    ['guardianAddress', STUDENT_LIMITS.guardianAddress, 'Maximum 150 characters allowed'],
  ])('%s: %i characters pass, one more says %j', (field, max, message) => {
    expect(messagesOf({ ...valid, [field]: 'x'.repeat(max) })).toEqual({});
    expect(messagesOf({ ...valid, [field]: 'x'.repeat(max + 1) })).toEqual({ [field]: message });
  });

  it('phone: 10 digits, +91 or 0 in front and spaces allowed, parsed to the bare 10 digits', () => {
    expect(ZStudentForm.parse({ ...valid, phone: '+91 94470 12345' }).phone).toBe('9447012345');
    expect(messagesOf({ ...valid, phone: '98abc12345' })).toEqual({ phone: MSG.invalidPhone });
  });

  it('email: 100 characters pass, 101 say Maximum 100 characters allowed; a malformed one is refused', () => {
    const at = (n: number) => `${'a'.repeat(n - 'x@kerala.in'.length + 1)}x@kerala.in`.slice(-n);
    expect(at(100)).toHaveLength(100);
    expect(messagesOf({ ...valid, email: at(100) })).toEqual({});
    expect(messagesOf({ ...valid, email: `a${at(100)}` })).toEqual({ email: 'Maximum 100 characters allowed' });
    expect(messagesOf({ ...valid, email: 'not-an-email' })).toEqual({ email: MSG.invalidEmail });
  });

  it('gender is Male, Female or Other', () => {
    expect(messagesOf({ ...valid, gender: 'Other' })).toEqual({});
    expect(messagesOf({ ...valid, gender: 'F' })).toEqual({ gender: MSG.required });
  });

  it('dates must be real and the birth date before the admission date', () => {
    expect(messagesOf({ ...valid, admissionDate: '2025-02-30' })).toEqual({ admissionDate: MSG.invalidDate });
    expect(messagesOf({ ...valid, dateOfBirth: '2025-06-10' })).toEqual({ dateOfBirth: MSG.birthBeforeAdmission });
  });

  it('the form schema is the same without the department', () => {
    const { depId: _, ...form } = valid;
    expect(ZStudentForm.safeParse(form).success).toBe(true);
  });
});
