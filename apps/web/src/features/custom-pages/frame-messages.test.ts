import { describe, expect, it } from 'vitest';
import { isFromFrame, parseFrameMessage } from './frame-messages';

describe('§2 Custom content pages: frame messages', () => {
  it('knows the four messages, as a string or as {type}', () => {
    expect(parseFrameMessage('WaitForCustomLoadedEvent')).toEqual({ type: 'WaitForCustomLoadedEvent' });
    expect(parseFrameMessage({ type: 'CustomLoadedEventReady' })).toEqual({ type: 'CustomLoadedEventReady' });
    expect(parseFrameMessage('AddCardClass')).toEqual({ type: 'AddCardClass' });
    expect(parseFrameMessage('frameChange')).toEqual({ type: 'frameChange', height: null });
    expect(parseFrameMessage({ type: 'frameChange', height: 640 })).toEqual({ type: 'frameChange', height: 640 });
  });

  it('ignores anything else, and heights that are not sane numbers', () => {
    expect(parseFrameMessage('reload')).toBeNull();
    expect(parseFrameMessage({ type: 'navigate', url: 'https://evil.example' })).toBeNull();
    expect(parseFrameMessage(null)).toBeNull();
    expect(parseFrameMessage(42)).toBeNull();
    expect(parseFrameMessage({ type: 'frameChange', height: -5 })).toEqual({ type: 'frameChange', height: null });
    expect(parseFrameMessage({ type: 'frameChange', height: 1e9 })).toEqual({ type: 'frameChange', height: null });
    expect(parseFrameMessage({ type: 'frameChange', height: '300' })).toEqual({ type: 'frameChange', height: null });
  });

  it('accepts messages only from the frame’s own window and origin', () => {
    const frameWindow = {};
    const frame = { origin: 'https://shop.example', window: frameWindow };
    expect(isFromFrame({ origin: 'https://shop.example', source: frameWindow }, frame)).toBe(true);
    expect(isFromFrame({ origin: 'https://evil.example', source: frameWindow }, frame)).toBe(false);
    expect(isFromFrame({ origin: 'https://shop.example', source: {} }, frame)).toBe(false);
    expect(isFromFrame({ origin: 'https://shop.example', source: null }, { ...frame, window: null })).toBe(false);
  });
});
