import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { gstCodeText, paiseToRupeesText, type TGstTreatmentInput } from '@fees/validation';
import { ratePercentText } from '@fees/money';

/** A head's GST as the form holds it: treatment, rate typed in percent (empty: the default) and code. */
export interface GstFormValues {
  treatment: 'exempt' | 'taxable';
  rate: string;
  code: string;
}

/** A head as listed by fees.heads.list, with its stored GST. */
export interface HeadGst {
  gstTreatment: 'exempt' | 'taxable';
  gstRateBasisPoints: number;
  gstCode: string | null;
}

export const EXEMPT_GST: GstFormValues = { treatment: 'exempt', rate: '', code: '' };

/** The form's values for a head's stored GST. */
export function gstFormValues(head: HeadGst | undefined): GstFormValues {
  if (!head || head.gstTreatment === 'exempt') return EXEMPT_GST;
  return { treatment: 'taxable', rate: paiseToRupeesText(head.gstRateBasisPoints), code: head.gstCode ?? '' };
}

/** What to send: the treatment when the user changed it from the head's stored one, else nothing (kept). */
export function changedGst(values: GstFormValues, head: HeadGst | undefined): TGstTreatmentInput | undefined {
  const stored = gstFormValues(head);
  const same =
    values.treatment === stored.treatment &&
    (values.treatment === 'exempt' || (values.rate.trim() === stored.rate && values.code.trim() === stored.code));
  return same ? undefined : { treatment: values.treatment, rate: values.rate, code: values.code };
}

/** "Exempt" or "GST 18% · SAC 996411": a head's treatment in a list. */
export function gstSummary(head: HeadGst): string {
  if (head.gstTreatment === 'exempt') return 'Exempt';
  const code = head.gstCode ? ` · ${gstCodeText(head.gstCode)}` : '';
  return `GST ${ratePercentText(head.gstRateBasisPoints)}%${code}`;
}

/** Exempt or taxable, with rate and SAC/HSN code when taxable; the head is one for every batch charging it. */
export function GstFields<T extends { gst: GstFormValues }>({
  form,
  headName,
}: {
  form: UseFormReturnType<T>;
  headName: string | null;
}) {
  const values = (form.values as { gst: GstFormValues }).gst;
  const set = form.setFieldValue as (path: string, value: string) => void;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="gst-treatment-label">
        GST on {headName ?? 'this head'}
      </Text>
      <SegmentedControl
        aria-labelledby="gst-treatment-label"
        data={[
          { value: 'exempt', label: 'Exempt (education)' },
          { value: 'taxable', label: 'Taxable' },
        ]}
        value={values.treatment}
        onChange={(value) => set('gst.treatment', value)}
      />
      {values.treatment === 'taxable' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="GST rate (%)"
            placeholder="Default rate of the settings"
            inputMode="decimal"
            {...form.getInputProps('gst.rate')}
          />
          <TextInput
            label="SAC or HSN code"
            placeholder="e.g. 996411"
            inputMode="numeric"
            withAsterisk
            {...form.getInputProps('gst.code')}
          />
        </SimpleGrid>
      )}
      <Text size="xs" c="dimmed">
        Applies to every batch charging this head, on receipts issued from now on; issued receipts keep theirs.
      </Text>
    </Stack>
  );
}
