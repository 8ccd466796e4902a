import { describe, expect, it } from 'vitest';
import { gstCodeProblem, gstinCheckCharacter, gstinProblem, ZGstin, ZGstTreatment } from './gst';
import { MSG } from './messages';

describe('GSTIN', () => {
  it.each(['27AAPFU0939F1ZV', '29AAGCB7383J1Z4'])('accepts %s, whose check character matches', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    expect(gstinProblem(gstin)).toBeNull();
  });

  it('refuses a typing mistake by its check character and a wrong shape by its format', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(MSG.gstinCheck);
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(MSG.gstinFormat);
    expect(gstinProblem('27AAPFU0939F1AV')).toBe(MSG.gstinFormat);
    expect(gstinProblem('2XAAPFU0939F1ZV')).toBe(MSG.gstinFormat);
  });

  it('takes any case and spaces around; empty clears it', () => {
    expect(ZGstin.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(ZGstin.parse('')).toBeNull();
    expect(ZGstin.safeParse('27AAPFU0939F1ZW').error?.issues[0]?.message).toBe(MSG.gstinCheck);
  });
});

describe('SAC and HSN codes', () => {
  it.each([
    ['999293', null],
    ['996411', null],
    ['6203', null],
    ['620342', null],
    ['62034200', null],
    ['99929', MSG.gstCode],
    ['9992931', MSG.gstCode],
    ['62034', MSG.gstCode],
    ['62A3', MSG.gstCode],
  ])('%s: %s', (code, problem) => {
    expect(gstCodeProblem(code)).toBe(problem);
  });
});

describe('a head’s GST treatment', () => {
  it('is exempt without rate or code, taxable with a code and a rate or the default', () => {
    expect(ZGstTreatment.parse({ treatment: 'exempt', rate: '18', code: '' })).toEqual({
      treatment: 'exempt',
      rateBasisPoints: 0,
      code: null,
    });
    expect(ZGstTreatment.parse({ treatment: 'taxable', rate: '12.5', code: ' 996411 ' })).toEqual({
      treatment: 'taxable',
      rateBasisPoints: 1250,
      code: '996411',
    });
    expect(ZGstTreatment.parse({ treatment: 'taxable', rate: '', code: '6203' })).toEqual({
      treatment: 'taxable',
      rateBasisPoints: null,
      code: '6203',
    });
  });

  it('names the field at fault', () => {
    const issues = ZGstTreatment.safeParse({ treatment: 'taxable', rate: '0' }).error?.issues ?? [];
    expect(issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['code', MSG.gstCodeRequired],
      ['rate', MSG.gstTaxableRate],
    ]);
    expect(ZGstTreatment.safeParse({ treatment: 'vat' }).error?.issues[0]?.message).toBe(MSG.gstTreatment);
  });
});
