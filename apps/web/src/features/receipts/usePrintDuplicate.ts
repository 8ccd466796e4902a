import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useDepartment } from '../../lib/department-context';
import { printSoon } from '../../lib/print';
import { useTRPC } from '../../lib/trpc';
import { receiptSuccessPath } from './links';

/**
 * Print duplicate: the server counts the reprint in the audit log and gives its date; the receipt then
 * opens marked DUPLICATE with that date and the print dialog follows. Go Back returns to `backUrl`.
 */
export function usePrintDuplicate(backUrl: string) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const department = useDepartment();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.receipts.printDuplicate.mutationOptions({
      onSuccess: (printed) => {
        // The receipt's History lists the reprint.
        void queryClient.invalidateQueries({
          queryKey: trpc.audit.receiptHistory.queryKey({ number: printed.number }),
        });
        void navigate(receiptSuccessPath(department, printed.number, backUrl, printed.printedOn));
        printSoon();
      },
    }),
  );
}
