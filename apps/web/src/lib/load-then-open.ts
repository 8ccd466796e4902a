import { useState } from 'react';
import { errorMessage } from './trpc';

/**
 * A dialog that opens only once its data has arrived: `loading` names the row whose
 * button spins meanwhile, `error` says why nothing opened, `value` is what the open dialog shows.
 */
export function useLoadThenOpen<T>() {
  const [value, setValue] = useState<T | null>(null);
  const [loading, setLoading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = async (key: number, load: () => Promise<T>) => {
    setLoading(key);
    setError(null);
    try {
      setValue(await load());
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setLoading(null);
    }
  };
  return { value, loading, error, open, close: () => setValue(null), dismissError: () => setError(null) };
}
