import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DEPARTMENTS } from '@fees/validation';

const KEY = 'admin-list-department';

function remembered(): string {
  const value = localStorage.getItem(KEY) ?? '';
  return DEPARTMENTS.some((d) => String(d.id) === value) ? value : '';
}

/**
 * The department an admin list (batches, fee structures, discounts) shows: the one in the address
 * (?depId=), else the one last chosen in this browser, which the address then shows too.
 */
export function useListDepartment(): [string, (depId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const fromAddress = params.get('depId') ?? '';
  const last = remembered();
  useEffect(() => {
    if (fromAddress) localStorage.setItem(KEY, fromAddress);
    else if (last) setParams({ depId: last }, { replace: true });
  }, [fromAddress, last, setParams]);
  const choose = (depId: string | null) => {
    if (depId) localStorage.setItem(KEY, depId);
    else localStorage.removeItem(KEY);
    setParams(depId ? { depId } : {});
  };
  return [fromAddress || last, choose];
}
