import { Button, Grid, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  backdatedReasonMessage,
  firstRowOfEachHead,
  isRequestReason,
  LARGE_RECEIPT_PAISE,
  PAYMENT_MODE_LABELS,
  paiseToRupeesText,
  parseRupeesToPaise,
  type TReceiptPaymentMode,
} from '@fees/validation';
import type { HeadTax } from '@fees/money';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { asksClosedDayReason, ClosedDayReason } from '../../components/ClosedDayReason';
import { FailureAlert } from '../../components/FailureAlert';
import type { StudentDues } from '../../components/InstalmentDues';
import type { UpiPayee } from '../../components/UpiQr';
import { openConfirm } from '../../lib/dialogs';
import { amountInWords, formatRupees } from '../../lib/money';
import { serverFieldErrors } from '../../lib/trpc';
import { paymentDetails, type ReceiptFormValues, type ReceiptHeader, type ReceiptSubmission } from './receipt-form';
import { type DateLimits, ReceiptDetails, ReceiptDues } from './ReceiptDetails';
import { ReceiptLines } from './ReceiptLines';
import { extraPaymentsPaise, ReceiptPayment } from './ReceiptPayment';
import { ReceiptTotals } from './ReceiptTotals';
import type { FeeBalanceRow, FeeBalanceTotals } from './types';
import { useReceiptPricing } from './useReceiptPricing';
import { Rule } from '../../components/Rule';

interface ReceiptFormProps {
  header: ReceiptHeader;
  /** The fee heads of the student's batch with their balances. */
  heads: FeeBalanceRow[];
  totals: FeeBalanceTotals;
  /** For an edit: per fee head, what this receipt already pays (it comes back to the balance). */
  alreadyOnReceipt?: ReadonlyMap<number, number>;
  /** Today's taxable heads with their rate and code (any other head is exempt). */
  taxes: ReadonlyArray<{ feeHeadId: number } & HeadTax>;
  /** For an edit: per head on the receipt, the GST it was issued with (kept through the edit). */
  issuedTaxes?: ReadonlyMap<number, HeadTax>;
  initialValues: ReceiptFormValues;
  pending: boolean;
  error: unknown;
  onSubmit: (submission: ReceiptSubmission) => void;
  onCancel: () => void;
  /** Extra buttons beside Submit and Cancel (Delete on the edit screen). */
  actions?: ReactNode;
  /** New receipts: the instalments as of today (the dues panel, and what a chosen head pre-fills). */
  dues?: StudentDues;
  /** New receipts: where a UPI payment goes, for the QR of the net amount. */
  upi?: UpiPayee | null;
  dateLimits: DateLimits;
  /** The student's advance: dues may be settled from it ("Adjusted from advance"). */
  advancePaise?: number;
}

/** The form's check, fetched once for every receipt form of the visit. */
function loadCheck() {
  return import('./receipt-schema').then((module) => module.checkReceiptForm);
}

/** A payment mode as the confirmation writes it: "cash", "UPI", "demand draft". */
function modeWord(mode: TReceiptPaymentMode): string {
  return mode === 'upi' ? 'UPI' : PAYMENT_MODE_LABELS[mode].toLowerCase();
}

/**
 * What Submit will do, in one sentence: "Save receipt of Rs 12,500.00 (cash 12,500.00) for Meera
 * Krishnan, UG-2025-001?". Each part of the payment is listed with its mode.
 */
function receiptSummary(
  netPaise: number,
  parts: ReadonlyArray<{ mode: TReceiptPaymentMode; paise: number }>,
  header: Pick<ReceiptHeader, 'studentName' | 'admissionNo'>,
): string {
  const paid = parts.map((part) => `${modeWord(part.mode)} ${formatRupees(part.paise)}`).join(', ');
  return `Save receipt of Rs ${formatRupees(netPaise)} (${paid}) for ${header.studentName}, ${header.admissionNo}?`;
}

/** The values of the fields a refusal named, to tell when the user has changed one of them. */
function namedValues(values: ReceiptFormValues, fields: readonly string[]): string {
  return JSON.stringify(fields.map((field) => values[field as keyof ReceiptFormValues] ?? null));
}

/**
 * The receipt form (entry and edit): the student and dues, the fee lines, payment and totals, Submit.
 * Ctrl+Enter ticks Confirm and submits from anywhere in the form; the lines handle their own keys.
 * A refusal from the server is shown beside Submit, which takes the keyboard; its messages for named
 * fields go on those fields, and the message beside Submit goes once one of them is changed.
 */
export function ReceiptForm(props: ReceiptFormProps) {
  const {
    header,
    totals,
    alreadyOnReceipt,
    initialValues,
    pending,
    error,
    onSubmit,
    onCancel,
    actions,
    dues,
    upi,
    dateLimits,
    advancePaise = 0,
  } = props;
  // Each head once whatever the server sent: a head listed twice would break the fee type lists.
  const heads = useMemo(() => firstRowOfEachHead(props.heads), [props.heads]);
  const form = useForm<ReceiptFormValues>({
    mode: 'controlled',
    initialValues,
    clearInputErrorOnChange: true,
  });
  // The check (and zod with it) loads once the screen is idle after it opens, off the clerk's first keys.
  useEffect(() => {
    const load = () => void loadCheck().catch(() => undefined);
    // Safari has no requestIdleCallback: there it loads a second after the screen opens.
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(load, 1_000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, []);
  // The form's check could not be fetched (the connection dropped): said beside Submit.
  const [checkFailure, setCheckFailure] = useState<Error | null>(null);
  // Asked only when the server refuses an admin's write on a closed day for want of a reason.
  const [closedDayReason, setClosedDayReason] = useState('');
  // Typed when the date makes the receipt wait for approval: the approver reads why.
  const [backdatedReason, setBackdatedReason] = useState('');
  const [backdatedReasonError, setBackdatedReasonError] = useState<string | null>(null);
  const held = dateLimits.heldBefore !== undefined && form.values.date < dateLimits.heldBefore;
  const untaxed = form.values.paymentMode === 'advance';
  const { taxes: taxableHeads, issuedTaxes } = props;
  const taxes = useMemo(
    () => ({
      taxes: new Map(taxableHeads.map(({ feeHeadId, ...tax }) => [feeHeadId, tax])),
      issuedTaxes,
      untaxed,
    }),
    [taxableHeads, issuedTaxes, untaxed],
  );
  const pricing = useReceiptPricing(form.values.items, heads, taxes, alreadyOnReceipt);
  const firstPaise = pricing.netPaise - extraPaymentsPaise(form);

  const submitRef = useRef<HTMLButtonElement>(null);
  const named = useMemo(() => serverFieldErrors(error), [error]);
  // The named fields' values when the refusal came, so a change to one of them clears it.
  const [refused, setRefused] = useState<{ error: unknown; values: string } | null>(null);
  const { setErrors, getValues } = form;
  useEffect(() => {
    if (!error) return;
    setErrors(named);
    setRefused({ error, values: namedValues(getValues(), Object.keys(named)) });
    submitRef.current?.focus();
  }, [error, named, setErrors, getValues]);
  const namedFields = Object.keys(named);
  const shownError =
    error &&
    !(namedFields.length > 0 && refused?.error === error && refused.values !== namedValues(form.values, namedFields))
      ? error
      : null;

  // Lines left blank (no head, amount or particulars) are dropped before checking, unless all are.
  const trySubmit = async (tickConfirm: boolean) => {
    const current = form.getValues();
    const filled = current.items.filter((line) => line.feeHeadId || line.amount.trim() || line.particulars.trim());
    form.setValues({ items: filled.length > 0 ? filled : current.items, confirm: tickConfirm || current.confirm });
    let check: Awaited<ReturnType<typeof loadCheck>>;
    try {
      check = await loadCheck();
    } catch {
      setCheckFailure(new Error('The form could not be checked: the server did not answer. Submit again.'));
      submitRef.current?.focus();
      return;
    }
    setCheckFailure(null);
    const errors = check(form.getValues());
    form.setErrors(errors);
    const reasonMissing = held && !isRequestReason(backdatedReason);
    setBackdatedReasonError(reasonMissing ? backdatedReasonMessage(current.date) : null);
    if (Object.keys(errors).length > 0 || reasonMissing) return;
    if (current.extraPayments.length > 0 && firstPaise <= 0) {
      form.setFieldError(
        `extraPayments.${current.extraPayments.length - 1}.amount`,
        `The modes add up to more than the net of ₹ ${formatRupees(pricing.netPaise)}`,
      );
      return;
    }
    submit(form.getValues());
  };

  const submit = (values: ReceiptFormValues) => {
    const send = (allowOverpayment: boolean) =>
      onSubmit({
        date: values.date,
        phone: values.phone,
        email: values.email,
        // Validation passed, so every line has its head.
        items: values.items.map((line) => ({
          feeHeadId: line.feeHeadId as number,
          particulars: line.particulars,
          amount: line.amount.trim(),
        })),
        ...(values.extraPayments.length === 0
          ? { paymentMode: values.paymentMode, ...paymentDetails(values) }
          : {
              payments: [
                { paymentMode: values.paymentMode, amount: paiseToRupeesText(firstPaise), ...paymentDetails(values) },
                ...values.extraPayments.map((p) => ({
                  paymentMode: p.paymentMode,
                  amount: p.amount.trim(),
                  ...paymentDetails(p),
                })),
              ],
            }),
        total: paiseToRupeesText(pricing.totalPaise),
        tax: paiseToRupeesText(pricing.taxPaise),
        net: paiseToRupeesText(pricing.netPaise),
        ...(closedDayReason.trim() ? { closedDayReason: closedDayReason.trim() } : {}),
        ...(held ? { backdatedReason: backdatedReason.trim() } : {}),
        confirm: true,
        allowOverpayment,
      });
    const askOverpayment = () => {
      if (pricing.overpaid.length === 0) {
        send(false);
        return;
      }
      openConfirm({
        title: 'Amount above the balance',
        children: (
          <Stack gap="xs">
            <Text size="sm">This receipt takes more than what is due:</Text>
            <List size="sm">
              {pricing.overpaid.map((o) => (
                <List.Item key={o.feeHeadId}>
                  {o.feeHead}: {formatRupees(o.amountPaise)} against a balance of {formatRupees(o.availablePaise)}
                </List.Item>
              ))}
            </List>
            <Text size="sm">Save it with the overpayment?</Text>
          </Stack>
        ),
        labels: { confirm: 'Accept overpayment', cancel: 'Go back' },
        confirmProps: { color: 'orange' },
        onConfirm: () => send(true),
      });
    };
    // A very large receipt is said once more in words: a slipped zero is caught before it is saved.
    const askLargeAmount = () => {
      if (pricing.netPaise <= LARGE_RECEIPT_PAISE) {
        askOverpayment();
        return;
      }
      openConfirm({
        title: 'A large amount',
        children: (
          <Stack gap="xs">
            <Text size="sm">
              This receipt is for <b>Rs {formatRupees(pricing.netPaise)}</b>:
            </Text>
            <Text size="sm" fw={600} data-testid="large-amount-words">
              {amountInWords(pricing.netPaise)}
            </Text>
            <Text size="sm">Is this amount right?</Text>
          </Stack>
        ),
        labels: { confirm: 'Yes, the amount is right', cancel: 'Go back' },
        confirmProps: { color: 'orange' },
        onConfirm: askOverpayment,
      });
    };
    openConfirm({
      title: 'Please confirm',
      children: (
        <Stack gap="xs">
          <Text size="sm">Are you sure you want to Submit ?</Text>
          <Text size="sm" fw={600} data-testid="receipt-summary">
            {receiptSummary(
              pricing.netPaise,
              [
                { mode: values.paymentMode, paise: firstPaise },
                ...values.extraPayments.map((p) => ({ mode: p.paymentMode, paise: parseRupeesToPaise(p.amount) ?? 0 })),
              ],
              header,
            )}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Yes', cancel: 'No' },
      onConfirm: askLargeAmount,
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void trySubmit(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          void trySubmit(true);
        }
      }}
    >
      <Stack gap="lg">
        {/*
          Student and dues side by side on a wide screen, the dues the wider (their five figure columns);
          on a narrow one the dues come first, then the form.
        */}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 5 }} order={{ base: 2, lg: 1 }}>
            <ReceiptDetails
              form={form}
              header={header}
              dateLimits={dateLimits}
              backdatedReason={
                held
                  ? {
                      value: backdatedReason,
                      error: backdatedReasonError,
                      onChange: (value) => {
                        setBackdatedReason(value);
                        setBackdatedReasonError(null);
                      },
                    }
                  : undefined
              }
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }} order={{ base: 1, lg: 2 }}>
            <ReceiptDues heads={heads} totals={totals} dues={dues} advancePaise={advancePaise} />
          </Grid.Col>
          <Grid.Col span={12} order={3}>
            <Paper withBorder radius="md" p="lg">
              <ReceiptLines
                form={form}
                heads={heads}
                pricing={pricing}
                editing={alreadyOnReceipt !== undefined}
                dues={dues}
              />
              <Rule spaced />
              <Grid gap="lg" align="flex-start">
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <ReceiptPayment
                    form={form}
                    upi={upi}
                    netPaise={pricing.netPaise}
                    note={header.admissionNo}
                    advancePaise={advancePaise}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <ReceiptTotals pricing={pricing} />
                </Grid.Col>
              </Grid>
            </Paper>
          </Grid.Col>
        </Grid>
        {(asksClosedDayReason(error) || closedDayReason) && (
          <ClosedDayReason value={closedDayReason} onChange={setClosedDayReason} />
        )}
        <FailureAlert error={shownError ?? checkFailure} title="Not saved" id="receipt-refusal" />
        <Group justify="space-between">
          <Group>
            <Button
              ref={submitRef}
              type="submit"
              loading={pending}
              aria-describedby={shownError || checkFailure ? 'receipt-refusal' : undefined}
            >
              Submit
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
          {actions}
        </Group>
      </Stack>
    </form>
  );
}
