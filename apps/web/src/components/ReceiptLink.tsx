import { receiptLabel } from '@fees/validation';
import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { type Department, departmentById } from '../lib/departments';
import { receiptSuccessPath } from '../lib/receipt-path';

/**
 * A receipt number as a link to that receipt (View, with Print duplicate, Edit and Void), whose Go Back
 * returns here. `department`: the receipt's own; without it the number is shown as plain text.
 */
export function ReceiptLink({ number, department }: { number: number; department: Department | number | null }) {
  const location = useLocation();
  const owner = typeof department === 'number' ? departmentById(department) : department;
  const label = receiptLabel(number);
  if (!owner) return label;
  return (
    <Anchor
      component={Link}
      to={receiptSuccessPath(owner, number, `${location.pathname}${location.search}`)}
      inherit
      title={`Open receipt ${label}`}
    >
      {label}
    </Anchor>
  );
}
