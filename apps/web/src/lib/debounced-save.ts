/**
 * Saves a selection some time after the last change (spec §4 Interests and newsletters: 2 s after
 * the last click). The selection lives on screen at once; a failed save keeps it and can be retried.
 */
import { useEffect, useRef, useState } from 'react';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface DebouncedSaver<T> {
  change(value: T): void;
  /** Saves the latest value now, e.g. after a failure. */
  flush(): Promise<void>;
  /** Saves at once when a save is still waiting: leaving the page must not lose a choice. */
  flushPending(): void;
}

export function debouncedSaver<T>(
  initial: T,
  save: (value: T) => Promise<unknown>,
  delayMs: number,
  onState: (state: SaveState) => void,
): DebouncedSaver<T> {
  let latest = initial;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const sent = latest;
    onState('saving');
    try {
      await save(sent);
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
    flush,
    flushPending() {
      if (timer !== undefined) void flush();
    },
  };
}

export function useDebouncedSave<T>(initial: T, save: (value: T) => Promise<unknown>, delayMs: number) {
  const [value, setValue] = useState(initial);
  const [state, setState] = useState<SaveState>('idle');
  const saveRef = useRef(save);
  saveRef.current = save;
  const [saver] = useState(() => debouncedSaver(initial, (v: T) => saveRef.current(v), delayMs, setState));
  useEffect(() => () => saver.flushPending(), [saver]);
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
