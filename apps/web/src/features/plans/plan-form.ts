import { parseRupeesToPaise } from '@fees/validation';
import type { FineRule, HeadAmount, PlanInstalment } from '@fees/money';
import { randomId } from '@mantine/hooks';
import { paiseToRupeesText } from '../../lib/money';
import { idOf } from '../../lib/ids';

/** A fine rule as typed: every field text, whatever the type. */
export interface FineFields {
  type: FineRule['type'];
  graceDays: string;
  amount: string;
  perDay: string;
  cap: string;
  percent: string;
}

export interface InstalmentFields {
  key: string;
  /** A saved instalment's id (kept on save, so its id on the REST paths stays); '' for a new one. */
  id: string;
  name: string;
  dueDate: string;
  /** The plan's fine rule applies unless this instalment overrides it. */
  override: boolean;
  fine: FineFields;
  /** Rupees text per fee head id. */
  amounts: Record<string, string>;
}

export interface PlanFields {
  fine: FineFields;
  instalments: InstalmentFields[];
}

export const NO_FINE_FIELDS: FineFields = {
  type: 'none',
  graceDays: '0',
  amount: '',
  perDay: '',
  cap: '0',
  percent: '',
};

/** 250 basis points -> "2.5". */
function percentText(basisPoints: number): string {
  return paiseToRupeesText(basisPoints).replace(/\.?0+$/, '');
}

export function fineFields(rule: FineRule | null): FineFields {
  if (!rule || rule.type === 'none') return { ...NO_FINE_FIELDS };
  const grace = String(rule.graceDays);
  if (rule.type === 'fixed')
    return { ...NO_FINE_FIELDS, type: 'fixed', graceDays: grace, amount: paiseToRupeesText(rule.amountPaise) };
  if (rule.type === 'per_day')
    return {
      ...NO_FINE_FIELDS,
      type: 'per_day',
      graceDays: grace,
      perDay: paiseToRupeesText(rule.perDayPaise),
      cap: paiseToRupeesText(rule.capPaise),
    };
  return { ...NO_FINE_FIELDS, type: 'percent', graceDays: grace, percent: percentText(rule.percentBasisPoints) };
}

/** Text that is not a number becomes NaN, which the shared schema refuses with its message. */
const paise = (text: string) => parseRupeesToPaise(text) ?? Number.NaN;
const days = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

export function fineRuleOf(fields: FineFields): FineRule {
  const graceDays = days(fields.graceDays);
  switch (fields.type) {
    case 'none':
      return { type: 'none' };
    case 'fixed':
      return { type: 'fixed', amountPaise: paise(fields.amount), graceDays };
    case 'per_day':
      return {
        type: 'per_day',
        perDayPaise: paise(fields.perDay),
        capPaise: fields.cap.trim() === '' ? 0 : paise(fields.cap),
        graceDays,
      };
    case 'percent':
      return { type: 'percent', percentBasisPoints: paise(fields.percent), graceDays };
  }
}

/** A saved, virtual or generated instalment as form fields. */
export function instalmentFields(instalment: PlanInstalment, heads: HeadAmount[]): InstalmentFields {
  const amounts = new Map(instalment.amounts.map((a) => [a.feeHeadId, a.amountPaise]));
  return {
    key: randomId(),
    id: /^\d+$/.test(instalment.id) ? instalment.id : '',
    name: instalment.name,
    dueDate: instalment.dueDate,
    override: instalment.fineRule !== null,
    fine: fineFields(instalment.fineRule),
    amounts: Object.fromEntries(
      heads.map((h) => [String(h.feeHeadId), paiseToRupeesText(amounts.get(h.feeHeadId) ?? 0)]),
    ),
  };
}

/** The form as the plan the server takes (amounts that are not numbers become NaN for the schema to refuse). */
export function planInstalmentsOf(fields: PlanFields, heads: HeadAmount[]) {
  return fields.instalments.map((row) => {
    const id = idOf(row.id);
    return {
      ...(id === null ? {} : { id }),
      name: row.name,
      dueDate: row.dueDate,
      fineRule: row.override ? fineRuleOf(row.fine) : null,
      amounts: heads.map((h) => ({
        feeHeadId: h.feeHeadId,
        amountPaise: paise(row.amounts[String(h.feeHeadId)] ?? ''),
      })),
    };
  });
}

export function emptyInstalment(heads: HeadAmount[], index: number): InstalmentFields {
  return {
    key: randomId(),
    id: '',
    name: `Instalment ${index + 1}`,
    dueDate: '',
    override: false,
    fine: { ...NO_FINE_FIELDS },
    amounts: Object.fromEntries(heads.map((h) => [String(h.feeHeadId), '0.00'])),
  };
}
