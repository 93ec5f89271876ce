/** The timed success banner (spec §4 System message): shown with a 5 s countdown, ticking every 1 s. */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { TIMING } from './timing';

export interface SystemMessageState {
  text: string | null;
  secondsLeft: number;
}

interface SystemMessageApi {
  show(text: string): void;
  close(): void;
  state: SystemMessageState;
}

const SystemMessageContext = createContext<SystemMessageApi | null>(null);

export function SystemMessageProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SystemMessageState>({ text: null, secondsLeft: 0 });
  const show = useCallback((text: string) => setState({ text, secondsLeft: TIMING.systemMessageSeconds }), []);
  const close = useCallback(() => setState({ text: null, secondsLeft: 0 }), []);

  useEffect(() => {
    if (state.text === null) return;
    const timer = setTimeout(() => {
      setState((current) =>
        current.secondsLeft <= 1
          ? { text: null, secondsLeft: 0 }
          : { ...current, secondsLeft: current.secondsLeft - 1 },
      );
    }, 1000);
    return () => clearTimeout(timer);
  }, [state]);

  const api = useMemo(() => ({ show, close, state }), [show, close, state]);
  return <SystemMessageContext.Provider value={api}>{children}</SystemMessageContext.Provider>;
}

export function useSystemMessage(): SystemMessageApi {
  const api = useContext(SystemMessageContext);
  if (!api) throw new Error('useSystemMessage needs the SystemMessageProvider');
  return api;
}
