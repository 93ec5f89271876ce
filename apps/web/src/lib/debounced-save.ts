/**
 * Saves a selection some time after the last change (spec §4 Interests and newsletters: 2 s after
 * the last click). The selection lives on screen at once; a failed save keeps it and can be retried.
 * A save still waiting when the shopper leaves (another screen, 'Back to shop', another site, a
 * hidden tab) is sent at once, as a keepalive request that outlives the page.
 */
import { useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface SaveOptions {
  /** The shopper is leaving: the request must outlive the page (fetch keepalive). */
  keepalive: boolean;
}

export interface DebouncedSaver<T> {
  change(value: T): void;
  /** Saves the latest value now, e.g. after a failure. */
  flush(): Promise<void>;
  /** Saves at once, kept alive, when a save is still waiting: leaving must not lose a choice. */
  flushPending(): void;
}

export function debouncedSaver<T>(
  initial: T,
  save: (value: T, options: SaveOptions) => Promise<unknown>,
  delayMs: number,
  onState: (state: SaveState) => void,
): DebouncedSaver<T> {
  let latest = initial;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async (options: SaveOptions = { keepalive: false }) => {
    clearTimeout(timer);
    timer = undefined;
    const sent = latest;
    onState('saving');
    try {
      await save(sent, options);
      // A change made while saving gets its own save; only the newest reports its outcome.
      if (latest === sent) onState('saved');
    } catch {
      if (latest === sent) onState('failed');
    }
  };
  return {
    change(value) {
      latest = value;
      onState('pending');
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), delayMs);
    },
    flush: () => flush(),
    flushPending() {
      if (timer !== undefined) void flush({ keepalive: true });
    },
  };
}

/**
 * Calls `leaving` when the page is hidden (another tab, the phone's home screen) or left (another
 * site, a reload); answers the function that stops listening.
 */
export function onLeavingPage(
  leaving: () => void,
  page: EventTarget = window,
  doc: EventTarget & Pick<Document, 'visibilityState'> = document,
): () => void {
  const hidden = () => {
    if (doc.visibilityState === 'hidden') leaving();
  };
  page.addEventListener('pagehide', leaving);
  doc.addEventListener('visibilitychange', hidden);
  return () => {
    page.removeEventListener('pagehide', leaving);
    doc.removeEventListener('visibilitychange', hidden);
  };
}

export function useDebouncedSave<T>(
  initial: T,
  save: (value: T, options: SaveOptions) => Promise<unknown>,
  delayMs: number,
) {
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<SaveState>('idle');
  const saveRef = useRef(save);
  saveRef.current = save;
  const [saver] = useState(() =>
    debouncedSaver(initial, (v: T, options: SaveOptions) => saveRef.current(v, options), delayMs, setState),
  );
  // Leaving the screen (unmount) or the page: a waiting save goes out at once.
  useEffect(() => {
    const stop = onLeavingPage(saver.flushPending);
    return () => {
      stop();
      saver.flushPending();
    };
  }, [saver]);
  return {
    value,
    state,
    change: (next: T) => {
      setValue(next);
      saver.change(next);
    },
    retry: saver.flush,
  };
}
