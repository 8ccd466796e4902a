import { Group, Paper, Stack, Text } from '@mantine/core';
import { gstRateText } from '@fees/validation';
import { formatRupees } from '../../lib/money';
import type { ReceiptPricingView } from './useReceiptPricing';
import { Rule } from '../../components/Rule';

/** Total, the GST per rate of the taxable lines and its sum, net and the net in words. */
export function ReceiptTotals({ pricing }: { pricing: ReceiptPricingView }) {
  return (
    <Paper bg="gray.0" p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text ff="monospace" data-testid="receipt-total">
            {formatRupees(pricing.totalPaise)}
          </Text>
        </Group>
        {pricing.taxByRate.map((rate) => (
          <Group key={rate.rateBasisPoints} justify="space-between" data-testid="receipt-tax-rate">
            <Text size="sm">{gstRateText(rate)}</Text>
            <Text size="sm" ff="monospace">
              {formatRupees(rate.taxPaise)}
            </Text>
          </Group>
        ))}
        <Group justify="space-between">
          <Text>{pricing.taxByRate.length === 0 ? 'GST (no taxable head)' : 'GST'}</Text>
          <Text ff="monospace" data-testid="receipt-tax">
            {formatRupees(pricing.taxPaise)}
          </Text>
        </Group>
        <Rule />
        <Group justify="space-between">
          <Text fw={700}>Net amount</Text>
          <Text fw={700} ff="monospace" size="lg" data-testid="receipt-net">
            {formatRupees(pricing.netPaise)}
          </Text>
        </Group>
        <Text size="sm" c="dimmed" fs="italic" data-testid="receipt-words">
          {pricing.words}
        </Text>
      </Stack>
    </Paper>
  );
}
