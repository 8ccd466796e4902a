import { Grid, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { LATE_FEE_HEAD } from '@fees/validation';
import { lazy, Suspense } from 'react';
import { InstalmentDues, type StudentDues } from '../../components/InstalmentDues';
import { formatDate } from '../../lib/dates';
import { formatRupees } from '../../lib/money';
import { FeesInfoTable } from './FeesInfoTable';
import type { ReceiptFormApi, ReceiptHeader } from './receipt-form';
import type { FeeBalanceRow, FeeBalanceTotals } from './types';

// The date picker (with its calendar) loads after the form: the counter's keys never need it first.
const DateField = lazy(() => import('../../components/DateField').then((m) => ({ default: m.DateField })));

interface ReceiptDetailsProps {
  form: ReceiptFormApi;
  header: ReceiptHeader;
  /** The dates this user may give the receipt: the back-dating limit to today (yyyy-MM-dd). */
  dateLimits: DateLimits;
  /** Why a receipt that waits for approval is dated so early, typed by the clerk (asked only then). */
  backdatedReason?: { value: string; onChange: (value: string) => void; error: string | null };
}

export interface DateLimits {
  earliest: string;
  /** A date before this one is accepted but waits for approval (back-dated receipts are held). */
  heldBefore?: string;
  latest: string;
}

/** Half a row from the sm breakpoint: the form's own Grid lays the details out, so the screen loads no SimpleGrid. */
const HALF = { base: 12, sm: 6 };

/** The student (read-only), the editable telephone, date and email. */
export function ReceiptDetails({ form, header, dateLimits, backdatedReason }: ReceiptDetailsProps) {
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      {/* Two columns from the sm breakpoint; the address, the reason and the email across both. */}
      <Grid columnGap="sm" rowGap="xs">
        <Grid.Col span={HALF}>
          <TextInput label="Course" value={header.courseName} readOnly variant="filled" tabIndex={-1} />
        </Grid.Col>
        <Grid.Col span={HALF}>
          <TextInput label="Admission no" value={header.admissionNo} readOnly variant="filled" tabIndex={-1} />
        </Grid.Col>
        <Grid.Col span={HALF}>
          <TextInput label="Student name" value={header.studentName} readOnly variant="filled" tabIndex={-1} />
        </Grid.Col>
        <Grid.Col span={HALF}>
          <TextInput label="Batch" value={header.batchName} readOnly variant="filled" tabIndex={-1} />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="Address" value={header.address} readOnly variant="filled" tabIndex={-1} />
        </Grid.Col>
        <Grid.Col span={HALF}>
          <TextInput label="Telephone" autoComplete="off" {...form.getInputProps('phone')} />
        </Grid.Col>
        <Grid.Col span={HALF}>
          <Suspense
            fallback={<TextInput label="Receipt date" withAsterisk readOnly value={formatDate(form.values.date)} />}
          >
            <DateField
              label="Receipt date"
              withAsterisk
              minDate={dateLimits.earliest}
              maxDate={dateLimits.latest}
              description={
                dateLimits.heldBefore && form.values.date < dateLimits.heldBefore
                  ? `Dated before ${formatDate(dateLimits.heldBefore)}: it waits for another accountant's approval ` +
                    'and gets its number when approved'
                  : undefined
              }
              {...form.getInputProps('date')}
            />
          </Suspense>
        </Grid.Col>
        {backdatedReason && (
          <Grid.Col span={12}>
            <TextInput
              label="Why is it dated so early?"
              description="In a few words of your own: the approver reads them"
              required
              maxLength={200}
              autoComplete="off"
              value={backdatedReason.value}
              error={backdatedReason.error}
              onChange={(e) => backdatedReason.onChange(e.currentTarget.value)}
            />
          </Grid.Col>
        )}
        <Grid.Col span={12}>
          <TextInput label="Email" type="email" autoComplete="off" {...form.getInputProps('email')} />
        </Grid.Col>
      </Grid>
    </Paper>
  );
}

/** The student's dues per fee head, and per instalment when the batch has a plan. */
export function ReceiptDues({
  heads,
  totals,
  dues,
  advancePaise,
}: {
  heads: FeeBalanceRow[];
  totals: FeeBalanceTotals;
  dues?: StudentDues;
  advancePaise?: number;
}) {
  return (
    <Paper withBorder radius="md" p="lg" h="100%">
      <Title order={2} size="h5" mb="xs">
        Dues
      </Title>
      <Stack gap="sm">
        {/* The fee heads add up to their totals; the fine has its own lines under the instalments; the Advance head has
            no balance. */}
        <FeesInfoTable
          rows={heads.filter((h) => !h.open && !(dues && h.feeHead === LATE_FEE_HEAD))}
          totals={totals}
          advancePaise={advancePaise}
          compact
        />
        {/* What a sponsor covers is never collected at the counter: it is named so the clerk can say why. */}
        {dues?.sponsored.map((p) => (
          <Text key={p.sponsorId} size="sm" c="dimmed" data-testid="expected-from-sponsor">
            Expected from {p.sponsor}: {formatRupees(p.amountPaise)}
          </Text>
        ))}
        {dues && <InstalmentDues dues={dues} compact />}
      </Stack>
    </Paper>
  );
}
