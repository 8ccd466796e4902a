import { Checkbox, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { PAYMENT_MODE_LABELS, RECEIPT_PAYMENT_MODES, type TReceiptPaymentMode } from '@fees/validation';
import type { ReceiptFormApi } from './receipt-form';

/** Payment mode, its reference number (not for cash) and the Confirm tick. */
export function ReceiptPayment({ form }: { form: ReceiptFormApi }) {
  const cash = form.values.paymentMode === 'cash';
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Payment mode
        </Text>
        <SegmentedControl
          aria-label="Payment mode"
          data={RECEIPT_PAYMENT_MODES.map((mode) => ({ value: mode, label: PAYMENT_MODE_LABELS[mode] }))}
          value={form.values.paymentMode}
          onChange={(mode) => form.setFieldValue('paymentMode', mode as TReceiptPaymentMode)}
        />
      </div>
      <TextInput
        label="Reference no."
        description={cash ? 'Not needed for cash' : 'UPI transaction id, cheque number, ...'}
        disabled={cash}
        withAsterisk={!cash}
        maw={360}
        {...form.getInputProps('paymentReference')}
      />
      <Checkbox label="Confirm" mt="xs" {...form.getInputProps('confirm', { type: 'checkbox' })} />
    </Stack>
  );
}
