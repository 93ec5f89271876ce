/**
 * Page transitions (spec §2 Shell, §9 Timing): navigation hides the page, waits 250 ms, routes,
 * resets the scroll and shows the new page after 300 ms.
 */
import {
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, type LinkProps, type NavigateOptions, type To, useNavigate } from 'react-router';
import { TIMING } from './timing';

export type PagePhase = 'active' | 'leaving' | 'entering';

interface TransitionApi {
  phase: PagePhase;
  navigate(to: To, options?: NavigateOptions): void;
}

const TransitionContext = createContext<TransitionApi | null>(null);

export function PageTransitionProvider({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const [phase, setPhase] = useState<PagePhase>('active');
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const navigate = useCallback(
    (to: To, options?: NavigateOptions) => {
      timers.current.forEach(clearTimeout);
      setPhase('leaving');
      timers.current = [
        window.setTimeout(() => {
          routerNavigate(to, options);
          window.scrollTo({ top: 0 });
          setPhase('entering');
        }, TIMING.pageHideMs),
        window.setTimeout(() => setPhase('active'), TIMING.pageHideMs + TIMING.pageShowMs),
      ];
    },
    [routerNavigate],
  );

  const api = useMemo(() => ({ phase, navigate }), [phase, navigate]);
  return <TransitionContext.Provider value={api}>{children}</TransitionContext.Provider>;
}

export function usePageTransition(): TransitionApi {
  const api = useContext(TransitionContext);
  if (!api) throw new Error('usePageTransition needs the PageTransitionProvider');
  return api;
}

/** A router link that navigates with the page transition; modified clicks behave as usual. */
export function AppLink({ onClick, to, replace, state, ...props }: LinkProps) {
  const { navigate } = usePageTransition();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      props.target === '_blank'
    ) {
      return;
    }
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <Link to={to} replace={replace} state={state} onClick={handleClick} {...props} />;
}
