import {
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  useMatches,
} from '@mantine/core';
import {
  isInstrumentMode,
  isOnlineMode,
  MAX_PAYMENT_PARTS,
  COUNTER_PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  parseRupeesToPaise,
  paymentNeedsReference,
  RECEIPT_PAYMENT_MODES,
  type TReceiptPaymentMode,
  upiPayLink,
} from '@fees/validation';
import { lazy, Suspense } from 'react';
import { type UpiPayee, UpiQr } from '../../components/UpiQr';
import { formatRupees } from '../../lib/money';
import { emptyPayment, type ReceiptFormApi } from './receipt-form';

// The date picker (with its calendar) loads only for a cheque or a DD: cash and UPI never need it.
const DateField = lazy(() => import('../../components/DateField').then((m) => ({ default: m.DateField })));

/** The order in which a new mode is proposed: the ones counters see most first. */
const PROPOSED_ORDER: readonly TReceiptPaymentMode[] = ['upi', 'cash', 'card', 'bank_transfer', 'cheque', 'dd'];

/** What the further modes take of the net: the first mode pays the rest. */
export function extraPaymentsPaise(form: ReceiptFormApi): number {
  return form.values.extraPayments.reduce((sum, p) => sum + (parseRupeesToPaise(p.amount) ?? 0), 0);
}

/** The modes the part at `index` (-1: the first mode) may take: one part per mode, one cheque or draft. */
function modesFor(form: ReceiptFormApi, index: number): TReceiptPaymentMode[] {
  const others = [form.values.paymentMode, ...form.values.extraPayments.map((p) => p.paymentMode)].filter(
    (_, i) => i !== index + 1,
  );
  return COUNTER_PAYMENT_MODES.filter(
    (m) => !others.includes(m) && !(isInstrumentMode(m) && others.some((o) => isInstrumentMode(o))),
  );
}

/** A cheque or draft's bank, number and date, or another mode's reference, bound to the fields under `at`. */
function PaymentDetails({ form, mode, at }: { form: ReceiptFormApi; mode: TReceiptPaymentMode; at: string }) {
  const cash = !paymentNeedsReference(mode);
  const dateLabel = mode === 'dd' ? 'DD date' : 'Cheque date';
  return isInstrumentMode(mode) ? (
    <Group gap="sm" align="flex-start">
      <TextInput label="Bank" withAsterisk maw={260} {...form.getInputProps(`${at}bank`)} />
      <TextInput
        label={mode === 'dd' ? 'DD no.' : 'Cheque no.'}
        withAsterisk
        maw={180}
        {...form.getInputProps(`${at}instrumentNo`)}
      />
      <Suspense fallback={<TextInput label={dateLabel} withAsterisk maw={180} readOnly />}>
        <DateField label={dateLabel} withAsterisk maw={180} {...form.getInputProps(`${at}instrumentDate`)} />
      </Suspense>
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
      {...form.getInputProps(`${at}paymentReference`)}
    />
  );
}

/** A second or third mode: which, how much of the net, its details, and a way to take it off. */
function ExtraPaymentFields({ form, index }: { form: ReceiptFormApi; index: number }) {
  const part = form.values.extraPayments[index]!;
  const at = `extraPayments.${index}.`;
  const modes = modesFor(form, index);
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`payment-part-${index + 2}`}>
      <Stack gap="xs">
        <Group gap="sm" align="flex-start">
          <Select
            label={`Mode ${index + 2}`}
            allowDeselect={false}
            w={170}
            data={modes.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))}
            value={part.paymentMode}
            onChange={(m) => m && form.setFieldValue(`${at}paymentMode`, m as TReceiptPaymentMode)}
          />
          <TextInput
            label="Amount (₹)"
            withAsterisk
            inputMode="decimal"
            w={150}
            {...form.getInputProps(`${at}amount`)}
          />
          <Button
            variant="subtle"
            color="red"
            mt={24}
            onClick={() => form.removeListItem('extraPayments', index)}
            aria-label={`Remove mode ${index + 2}`}
          >
            Remove
          </Button>
        </Group>
        <PaymentDetails form={form} mode={part.paymentMode} at={at} />
      </Stack>
    </Paper>
  );
}

/**
 * Payment mode, its reference number (not for cash or an adjustment from the advance) and the Confirm
 * tick. "Adjusted from advance" is offered when the student has an advance. With UPI and a department
 * UPI ID, a QR for the UPI amount lets the parent pay by scanning; the clerk then types the reference.
 * "Add another mode" splits the payment (up to three modes): each further mode has its amount typed,
 * and the first pays what they leave of the net.
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
  const extras = form.values.extraPayments;
  const split = extras.length > 0;
  const firstPaise = netPaise - extraPaymentsPaise(form);
  const modes = split
    ? modesFor(form, -1)
    : RECEIPT_PAYMENT_MODES.filter((m) => m === mode || (m === 'advance' ? advancePaise > 0 : !isOnlineMode(m)));
  const unused = PROPOSED_ORDER.find((m) => modesFor(form, extras.length).includes(m));
  const qr = mode === 'upi' && upi && firstPaise > 0;
  const amount = formatRupees(firstPaise);
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
          value={mode}
          onChange={(m) => form.setFieldValue('paymentMode', m as TReceiptPaymentMode)}
        />
      </div>
      {split && (
        <Text size="sm" data-testid="first-part-amount" c={firstPaise > 0 ? undefined : 'red'}>
          {PAYMENT_MODE_LABELS[mode]}: <b>₹ {formatRupees(firstPaise)}</b> (what the other modes leave of the net)
        </Text>
      )}
      {mode === 'advance' && (
        <Text size="sm" data-testid="advance-available">
          No new money: settles the lines from the advance of <b>₹ {formatRupees(advancePaise)}</b> (no GST; it was
          charged when the advance was paid).
        </Text>
      )}
      <PaymentDetails form={form} mode={mode} at="" />
      {qr && (
        <Group gap="md" wrap="nowrap">
          <UpiQr
            link={upiPayLink({ ...upi, amountPaise: firstPaise, note })}
            label={`UPI QR to pay ${amount} to ${upi.payeeName}`}
            size={150}
          />
          <Text size="sm">
            Scan to pay <b>₹ {amount}</b> to {upi.payeeName} ({upi.upiId}), then type the UPI reference above.
          </Text>
        </Group>
      )}
      {extras.map((part, index) => (
        <ExtraPaymentFields key={part.key} form={form} index={index} />
      ))}
      {mode !== 'advance' && extras.length < MAX_PAYMENT_PARTS - 1 && unused && (
        <Group>
          <Button variant="light" size="xs" onClick={() => form.insertListItem('extraPayments', emptyPayment(unused))}>
            Add another mode
          </Button>
        </Group>
      )}
      <Checkbox label="Confirm" mt="xs" {...form.getInputProps('confirm', { type: 'checkbox' })} />
    </Stack>
  );
}
