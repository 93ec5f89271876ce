/** The language the UI is shown in; translations follow it. */
import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';

interface LocaleApi {
  language: string;
  setLanguage(language: string): void;
}

const LocaleContext = createContext<LocaleApi | null>(null);

export function LocaleProvider({ initial, children }: { initial: string; children: ReactNode }) {
  const [language, setLanguage] = useState(initial);
  const api = useMemo(() => ({ language, setLanguage }), [language]);
  return <LocaleContext.Provider value={api}>{children}</LocaleContext.Provider>;
}

export function useLocale(): LocaleApi {
  const api = useContext(LocaleContext);
  if (!api) throw new Error('useLocale needs the LocaleProvider');
  return api;
}
