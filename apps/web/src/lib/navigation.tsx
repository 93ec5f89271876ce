/**
 * Page transitions (spec §2 Shell, §9 Timing): navigation hides the page, waits 250 ms, routes,
 * resets the scroll and shows the new page after 300 ms.
 */
import {
  type ComponentProps,
  createContext,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react';
import { type NavigateOptions, type To, useHref, useNavigate } from 'react-router';
import { TIMING } from './timing';

export type PagePhase = 'active' | 'leaving' | 'entering';

interface TransitionApi {
  phase: PagePhase;
  /** The new screen is still loading (its chunk); the previous one stays meanwhile. */
  pending: boolean;
  navigate(to: To, options?: NavigateOptions): void;
}

const TransitionContext = createContext<TransitionApi | null>(null);

export function PageTransitionProvider({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const [phase, setPhase] = useState<PagePhase>('active');
  const [pending, startTransition] = useTransition();
  const timers = useRef<number[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const navigate = useCallback(
    (to: To, options?: NavigateOptions) => {
      timers.current.forEach(clearTimeout);
      setPhase('leaving');
      timers.current = [
        window.setTimeout(() => {
          startTransition(() => routerNavigate(to, options));
          window.scrollTo({ top: 0 });
          setPhase('entering');
        }, TIMING.pageHideMs),
        window.setTimeout(() => setPhase('active'), TIMING.pageHideMs + TIMING.pageShowMs),
      ];
    },
    [routerNavigate],
  );

  const api = useMemo(() => ({ phase, pending, navigate }), [phase, pending, navigate]);
  return <TransitionContext.Provider value={api}>{children}</TransitionContext.Provider>;
}

export function usePageTransition(): TransitionApi {
  const api = useContext(TransitionContext);
  if (!api) throw new Error('usePageTransition needs the PageTransitionProvider');
  return api;
}

type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: To; replace?: boolean; state?: unknown };

/**
 * A router link that navigates with the page transition; modified clicks behave as usual. A plain
 * anchor with the router's href: React Router's Link brings prefetching and data-router code along.
 */
export function AppLink({ onClick, to, replace, state, ...props }: AppLinkProps) {
  const { navigate } = usePageTransition();
  const href = useHref(to);
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
  return <a href={href} onClick={handleClick} {...props} />;
}
