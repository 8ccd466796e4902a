import { Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { ratePercentText } from '@fees/money';
import { formatRupees } from '../../lib/money';
import type { ReceiptPricingView } from './useReceiptPricing';

/** Total, GST at the receipt's rate, net and the net in words. */
export function ReceiptTotals({ pricing, rateBasisPoints }: { pricing: ReceiptPricingView; rateBasisPoints: number }) {
  return (
    <Paper bg="gray.0" p="md" radius="md">
      <Stack gap={6}>
        <Group justify="space-between">
          <Text>Total</Text>
          <Text ff="monospace" data-testid="receipt-total">
            {formatRupees(pricing.totalPaise)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text>GST ({ratePercentText(rateBasisPoints)}%)</Text>
          <Text ff="monospace" data-testid="receipt-tax">
            {formatRupees(pricing.taxPaise)}
          </Text>
        </Group>
        <Divider />
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
