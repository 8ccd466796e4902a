import { parseRupeesToPaise } from '@fees/validation';
import { amountLeftForLine, priceReceipt, type ReceiptPricingInput } from '@fees/money';
import { useMemo } from 'react';
import type { ReceiptFormLine } from './receipt-form';
import type { FeeBalanceRow } from './types';

/** How the receipt's lines are taxed: today's taxable heads, an edited receipt's own, none from the advance. */
export type ReceiptTaxes = Pick<ReceiptPricingInput, 'taxes' | 'issuedTaxes' | 'untaxed'>;

/** The typed lines priced by the shared rule: totals, tax, net, words, overpaid heads, what is left per head. */
export function useReceiptPricing(
  items: readonly ReceiptFormLine[],
  heads: readonly FeeBalanceRow[],
  taxes: ReceiptTaxes,
  alreadyOnReceipt?: ReadonlyMap<number, number>,
) {
  return useMemo(() => {
    const input: ReceiptPricingInput = {
      lines: items.map((line) => ({
        feeHeadId: line.feeHeadId,
        amountPaise: parseRupeesToPaise(line.amount) ?? 0,
      })),
      ...taxes,
      balances: heads,
      alreadyOnReceipt,
    };
    return {
      ...priceReceipt(input),
      /** What the line at `index` would take on `feeHeadId` to clear it. */
      amountLeft: (index: number, feeHeadId: number) => amountLeftForLine(input, index, feeHeadId),
    };
  }, [items, heads, taxes, alreadyOnReceipt]);
}

export type ReceiptPricingView = ReturnType<typeof useReceiptPricing>;
