import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { can } from '../lib/can';

// The dialog (a modal and a text area) loads when it is opened: the counter's screen shows only the button.
const WaiveFineDialog = lazy(() => import('./WaiveFineDialog'));

/**
 * An accountant or admin waives all or part of a student's fine outstanding, with a reason (audited, and
 * shown on the statement); when waivers need a second person, an accountant's waits for approval.
 */
export function WaiveFineButton({
  depId,
  studentId,
  outstandingPaise,
}: {
  depId: number;
  studentId: number;
  outstandingPaise: number;
}) {
  const [opened, setOpened] = useState(false);
  if (!can('write') || outstandingPaise <= 0) return null;
  return (
    <>
      <Button size="compact-xs" variant="light" color="orange" className="no-print" onClick={() => setOpened(true)}>
        Waive
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <WaiveFineDialog
            depId={depId}
            studentId={studentId}
            outstandingPaise={outstandingPaise}
            onClose={() => setOpened(false)}
          />
        </Suspense>
      )}
    </>
  );
}
