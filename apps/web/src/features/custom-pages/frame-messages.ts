/**
 * Messages a custom page's frame may send (spec §2 Custom content pages). A page posts the name as
 * a string, or an object {type: name} — frameChange may carry the new content height, which is the
 * only way to learn it from a page on another origin.
 */
export type FrameMessage =
  | { type: 'frameChange'; height: number | null }
  | { type: 'WaitForCustomLoadedEvent' }
  | { type: 'CustomLoadedEventReady' }
  | { type: 'AddCardClass' };

const NAMES = new Set(['frameChange', 'WaitForCustomLoadedEvent', 'CustomLoadedEventReady', 'AddCardClass']);
/** A frame cannot make the page absurdly tall. */
const MAX_HEIGHT = 100_000;

export function parseFrameMessage(data: unknown): FrameMessage | null {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
  const type = typeof data === 'string' ? data : record?.type;
  if (typeof type !== 'string' || !NAMES.has(type)) return null;
  if (type === 'frameChange') {
    const height = record?.height;
    const valid = typeof height === 'number' && Number.isFinite(height) && height >= 0 && height <= MAX_HEIGHT;
    return { type, height: valid ? height : null };
  }
  return { type } as FrameMessage;
}

/** Only the frame itself, on the origin it was loaded from, may talk to the page. */
export function isFromFrame(
  event: { origin: string; source: unknown },
  frame: { origin: string; window: unknown },
): boolean {
  return event.source !== null && event.source === frame.window && event.origin === frame.origin;
}

/** §9: the frame is as tall as its content plus 16 px. */
export const FRAME_EXTRA_HEIGHT = 16;
/** §9: the height is measured again this long after the frame loaded. */
export const FRAME_REMEASURE_MS = 250;
