import { Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RouterOutputs } from '../lib/trpc';

/** Where a department is paid by UPI. */
export type UpiPayee = NonNullable<RouterOutputs['receipts']['entryContext']['upi']>;

/**
 * A scannable QR of a UPI payment link (upiPayLink of @fees/validation), drawn as SVG by the qrcode
 * library, which loads on first use so no screen carries it until a QR is shown.
 */
export function UpiQr({
  link,
  label,
  size = 180,
  caption,
}: {
  link: string;
  label: string;
  size?: number;
  caption?: string;
}) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode').then((qrcode) =>
      qrcode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then((text) => {
        if (current) setSvg(text);
      }),
    );
    return () => {
      current = false;
    };
  }, [link]);
  return (
    <Stack gap={4} align="center" data-testid="upi-qr" data-upi-link={link}>
      {svg ? (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          width={size}
          height={size}
          alt={label}
        />
      ) : (
        <div style={{ width: size, height: size }} />
      )}
      {caption && (
        <Text size="xs" ta="center">
          {caption}
        </Text>
      )}
    </Stack>
  );
}
