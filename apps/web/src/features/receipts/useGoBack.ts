import { useNavigate } from 'react-router';

/** Back in history when there is somewhere to go back to in this app, else to the fallback route. */
export function useGoBack(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}
