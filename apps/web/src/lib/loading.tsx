/** The global loading overlay: shown while any caller holds it, hidden again after the work. */
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

interface LoadingApi {
  visible: boolean;
  show(): void;
  hide(): void;
  /** Shows the overlay for the duration of the work. */
  during<T>(work: Promise<T>): Promise<T>;
}

const LoadingContext = createContext<LoadingApi | null>(null);

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [holders, setHolders] = useState(0);
  const show = useCallback(() => setHolders((n) => n + 1), []);
  const hide = useCallback(() => setHolders((n) => Math.max(0, n - 1)), []);
  const during = useCallback(
    async <T,>(work: Promise<T>) => {
      show();
      try {
        return await work;
      } finally {
        hide();
      }
    },
    [show, hide],
  );
  const api = useMemo(() => ({ visible: holders > 0, show, hide, during }), [holders, show, hide, during]);
  return <LoadingContext.Provider value={api}>{children}</LoadingContext.Provider>;
}

export function useLoading(): LoadingApi {
  const api = useContext(LoadingContext);
  if (!api) throw new Error('useLoading needs the LoadingProvider');
  return api;
}
