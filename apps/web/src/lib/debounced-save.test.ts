import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debouncedSaver, onLeavingPage, type SaveState } from './debounced-save';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('§4 Interests and newsletters: saved 2 seconds after the last click', () => {
  it('saves only the last change, 2 s after it', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const states: SaveState[] = [];
    const saver = debouncedSaver<number[]>([], save, 2000, (s) => states.push(s));
    saver.change([1]);
    await vi.advanceTimersByTimeAsync(1500);
    saver.change([1, 2]);
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith([1, 2], { keepalive: false });
    expect(states.at(-1)).toBe('saved');
  });

  it('reports a failure, keeps the value, and saves it again on retry', async () => {
    const save = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    const states: SaveState[] = [];
    const saver = debouncedSaver<number[]>([], save, 2000, (s) => states.push(s));
    saver.change([3]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(states.at(-1)).toBe('failed');
    await saver.flush();
    expect(save).toHaveBeenLastCalledWith([3], { keepalive: false });
    expect(states.at(-1)).toBe('saved');
  });

  it('lets only the newest change report its outcome when changes overlap a save', async () => {
    let finish: () => void = () => undefined;
    const save = vi.fn().mockImplementationOnce(() => new Promise<void>((resolve) => (finish = resolve)));
    save.mockResolvedValue(undefined);
    const states: SaveState[] = [];
    const saver = debouncedSaver<number[]>([], save, 2000, (s) => states.push(s));
    saver.change([1]);
    await vi.advanceTimersByTimeAsync(2000);
    saver.change([1, 2]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toBe('pending');
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenLastCalledWith([1, 2], { keepalive: false });
    expect(states.at(-1)).toBe('saved');
  });

  it('saves a waiting change at once when the page is left, and nothing when none waits', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const saver = debouncedSaver<number[]>([], save, 2000, () => undefined);
    saver.flushPending();
    expect(save).not.toHaveBeenCalled();
    saver.change([4]);
    saver.flushPending();
    expect(save).toHaveBeenCalledWith([4], { keepalive: true });
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('§4 Interests and newsletters: a waiting save goes out at once, kept alive, when the page is hidden or left', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    const saver = debouncedSaver<number[]>([], save, 2000, () => undefined);
    const page = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const stop = onLeavingPage(saver.flushPending, page, doc);

    saver.change([5]);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(save).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(save).toHaveBeenLastCalledWith([5], { keepalive: true });

    saver.change([5, 6]);
    page.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenLastCalledWith([5, 6], { keepalive: true });

    stop();
    saver.change([7]);
    page.dispatchEvent(new Event('pagehide'));
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(save).toHaveBeenLastCalledWith([7], { keepalive: false });
  });
});
