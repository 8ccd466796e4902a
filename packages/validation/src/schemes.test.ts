import { describe, expect, it } from 'vitest';
import { ZCreateSchemeInput, ZSchemeStudentsInput } from './schemes';

describe('scheme inputs', () => {
  it('parses percentages to basis points and amounts to paise', () => {
    const parsed = ZCreateSchemeInput.parse({
      name: ' RTE 25% ',
      rules: [
        { kind: 'percent', feeHeadId: 1, courseId: 1003, percent: '12.5' },
        { kind: 'fixed', feeHeadId: 2, courseId: 1003, batchId: 9, amount: '500.50' },
      ],
    });
    expect(parsed).toEqual({
      name: 'RTE 25%',
      rules: [
        { kind: 'percent', feeHeadId: 1, courseId: 1003, batchId: null, percent: 1250 },
        { kind: 'fixed', feeHeadId: 2, courseId: 1003, batchId: 9, amount: 500_50 },
      ],
    });
  });

  it.each([
    [{ rules: [] }, 'Add at least one rule'],
    [
      { rules: [{ kind: 'percent', feeHeadId: 1, courseId: 1003, percent: '0' }] },
      'Enter a percentage above 0 and at most 100, with up to 2 decimals',
    ],
    [
      { rules: [{ kind: 'percent', feeHeadId: 1, courseId: 1003, percent: '100.01' }] },
      'Enter a percentage above 0 and at most 100, with up to 2 decimals',
    ],
    [{ rules: [{ kind: 'fixed', feeHeadId: 1, courseId: 1003, amount: '' }] }, 'Required'],
    [
      {
        rules: [
          { kind: 'fixed', feeHeadId: 1, courseId: 1003, amount: '5' },
          { kind: 'percent', feeHeadId: 1, courseId: 1003, percent: '5' },
        ],
      },
      'Two rules name the same fee head for the same course and batch',
    ],
    [{ name: '' }, 'Required'],
  ])('refuses %j with %j', (change, message) => {
    const result = ZCreateSchemeInput.safeParse({
      name: 'Sibling',
      rules: [{ kind: 'percent', feeHeadId: 1, courseId: 1003, percent: '10' }],
      ...change,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('takes students or a batch with a category, not both and not neither', () => {
    expect(ZSchemeStudentsInput.safeParse({ schemeId: 1, depId: 100, studentIds: [1, 2] }).success).toBe(true);
    expect(ZSchemeStudentsInput.safeParse({ schemeId: 1, depId: 100, batchId: 3, categoryId: 2 }).success).toBe(true);
    expect(ZSchemeStudentsInput.safeParse({ schemeId: 1, depId: 100 }).error?.issues[0]?.message).toBe(
      'Choose students, or a batch and a category',
    );
    expect(ZSchemeStudentsInput.safeParse({ schemeId: 1, depId: 100, batchId: 3 }).success).toBe(false);
    expect(
      ZSchemeStudentsInput.safeParse({ schemeId: 1, depId: 100, studentIds: [1], batchId: 3, categoryId: 2 }).success,
    ).toBe(false);
  });
});
