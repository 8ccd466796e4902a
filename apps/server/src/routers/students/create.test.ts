import { describe, expect, it } from 'vitest';
import { buildFixture } from '../../test/fixture';
import { createHarness } from '../../test/harness';

describe('students.create (smoke)', () => {
  it('registers a student', async () => {
    const h = await createHarness();
    const fx = buildFixture(h.db);
    const r = await h.caller('ugStaff').students.create({
      depId: 100, courseId: fx.ug.courseId, batchId: fx.ug.batchId, capId: 'C1', name: 'Meera', admissionNo: 'UG-900',
      admissionDate: '2025-06-15', categoryId: 1, dateOfBirth: '2007-01-01', gender: 'Female', address: 'Kochi', confirm: true,
    });
    expect(r.Status).toBe('OK');
  });
});
