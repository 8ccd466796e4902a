import { MAX_RECORD_INTEGER } from '@fees/validation';
import { TextInput } from '@mantine/core';
import { IconHash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { departmentById } from '../../lib/departments';
import { useTRPC } from '../../lib/trpc';
import { receiptSuccessPath } from './links';

const NOT_A_NUMBER = 'Type a receipt number as printed (#0001179) or as digits (1179)';

/** The number typed, as printed (#0001179) or plain digits, or null when it names no possible receipt. */
function numberOf(text: string): number | null {
  const digits = /^#?\s*(\d{1,10})$/.exec(text.trim())?.[1];
  const number = digits === undefined ? 0 : Number(digits);
  return number >= 1 && number <= MAX_RECORD_INTEGER ? number : null;
}

/**
 * "Receipt no": a number and Enter opens that receipt (in its own department's screens, for an admin);
 * a number that names no receipt, or another department's, says so under the field.
 */
export function ReceiptNumberField({ autoFocus = false }: { autoFocus?: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const department = useDepartment();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);

  const open = async () => {
    const number = numberOf(text);
    if (number === null) {
      setError(NOT_A_NUMBER);
      return;
    }
    setLooking(true);
    try {
      const found = await queryClient.fetchQuery({
        ...trpc.receipts.byNumber.queryOptions({ number }),
        staleTime: 0,
        retry: false,
      });
      const owner = departmentById(found.receipt.departmentId) ?? department;
      void navigate(receiptSuccessPath(owner, number, `${location.pathname}${location.search}`));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setLooking(false);
    }
  };

  return (
    <TextInput
      label="Receipt no"
      placeholder="#0001179"
      inputMode="numeric"
      autoComplete="off"
      leftSection={<IconHash size={16} />}
      description="Type the number and press Enter"
      w={{ base: '100%', sm: 260 }}
      autoFocus={autoFocus}
      value={text}
      error={error}
      disabled={looking}
      onChange={(event) => {
        setText(event.currentTarget.value);
        setError(null);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        void open();
      }}
    />
  );
}
