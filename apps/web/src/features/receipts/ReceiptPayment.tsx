import { Checkbox, Group, SegmentedControl, Stack, Text, TextInput, useMatches } from '@mantine/core';
import {
  isInstrumentMode,
  PAYMENT_MODE_LABELS,
  paymentNeedsReference,
  RECEIPT_PAYMENT_MODES,
  type TReceiptPaymentMode,
  upiPayLink,
} from '@fees/validation';
import { DateField } from '../../components/DateField';
import { type UpiPayee, UpiQr } from '../../components/UpiQr';
import { formatRupees } from '../../lib/money';
import type { ReceiptFormApi } from './receipt-form';

/**
 * Payment mode, its reference number (not for cash or an adjustment from the advance) and the Confirm
 * tick. "Adjusted from advance" is offered when the student has an advance. With UPI and a department
 * UPI ID, a QR for the net amount lets the parent pay by scanning; the clerk then types the reference.
 */
export function ReceiptPayment({
  form,
  upi,
  netPaise,
  note,
  advancePaise,
}: {
  form: ReceiptFormApi;
  upi?: UpiPayee | null;
  netPaise: number;
  note: string;
  advancePaise: number;
}) {
  const mode = form.values.paymentMode;
  const cash = !paymentNeedsReference(mode);
  const modes = RECEIPT_PAYMENT_MODES.filter((m) => m !== 'advance' || advancePaise > 0 || mode === 'advance');
  const qr = form.values.paymentMode === 'upi' && upi && netPaise > 0;
  const amount = formatRupees(netPaise);
  // Five modes side by side need a wide screen.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', lg: 'horizontal' });
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>
          Payment mode
        </Text>
        <SegmentedControl
          aria-label="Payment mode"
          orientation={orientation}
          data={modes.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))}
          value={form.values.paymentMode}
          onChange={(mode) => form.setFieldValue('paymentMode', mode as TReceiptPaymentMode)}
        />
      </div>
      {mode === 'advance' && (
        <Text size="sm" data-testid="advance-available">
          No new money: settles the lines from the advance of <b>₹ {formatRupees(advancePaise)}</b> (no GST; it was
          charged when the advance was paid).
        </Text>
      )}
      {isInstrumentMode(mode) ? (
        <Group gap="sm" align="flex-start">
          <TextInput label="Bank" withAsterisk maw={260} {...form.getInputProps('bank')} />
          <TextInput
            label={mode === 'dd' ? 'DD no.' : 'Cheque no.'}
            withAsterisk
            maw={180}
            {...form.getInputProps('instrumentNo')}
          />
          <DateField
            label={mode === 'dd' ? 'DD date' : 'Cheque date'}
            withAsterisk
            maw={180}
            {...form.getInputProps('instrumentDate')}
          />
        </Group>
      ) : (
        <TextInput
          label="Reference no."
          description={
            cash
              ? `Not needed for ${mode === 'advance' ? 'an adjustment from the advance' : 'cash'}`
              : 'UPI transaction id, card slip number, ...'
          }
          disabled={cash}
          withAsterisk={!cash}
          maw={360}
          {...form.getInputProps('paymentReference')}
        />
      )}
      {qr && (
        <Group gap="md" wrap="nowrap">
          <UpiQr
            link={upiPayLink({ ...upi, amountPaise: netPaise, note })}
            label={`UPI QR to pay ${amount} to ${upi.payeeName}`}
            size={150}
          />
          <Text size="sm">
            Scan to pay <b>₹ {amount}</b> to {upi.payeeName} ({upi.upiId}), then type the UPI reference above.
          </Text>
        </Group>
      )}
      <Checkbox label="Confirm" mt="xs" {...form.getInputProps('confirm', { type: 'checkbox' })} />
    </Stack>
  );
}
