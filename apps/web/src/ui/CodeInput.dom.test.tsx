/**
 * Spec §4 Phone verify popup, §5 Verification code: the six boxes in a DOM, as a shopper types,
 * pastes and corrects (issue 45: what one component does is tested without a browser).
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeInput } from './CodeInput';
import { CODE_LENGTH } from './code-entry';

function Boxes({ onComplete }: { onComplete(code: string): void }) {
  const [value, setValue] = useState<string[]>(Array.from({ length: CODE_LENGTH }, () => ''));
  return <CodeInput value={value} onChange={setValue} onComplete={onComplete} />;
}

const boxes = () => screen.getAllByRole('textbox');
const digits = () => boxes().map((box) => (box as HTMLInputElement).value);

describe('§5 Verification code: the six boxes', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('each box is labelled with its place; typing fills a box and moves to the next', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Boxes onComplete={() => {}} />);
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]?.getAttribute('autocomplete')).toBe('one-time-code');
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('123');
    expect(digits()).toEqual(['1', '2', '3', '', '', '']);
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it('a pasted code is spread over the boxes from the one pasted into', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Boxes onComplete={() => {}} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('482913');
    expect(digits()).toEqual(['4', '8', '2', '9', '1', '3']);
  });

  it('Backspace empties the box and goes back one', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Boxes onComplete={() => {}} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('12');
    await user.keyboard('{Backspace}');
    expect(digits()).toEqual(['1', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('a complete code is handed on 1 s after the last typing, once: not again until a digit changes', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onComplete = vi.fn();
    render(<Boxes onComplete={onComplete} />);
    await user.click(boxes()[0] as HTMLElement);
    await user.paste('482913');
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(onComplete).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('482913');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(onComplete).toHaveBeenCalledTimes(1);
    await user.click(boxes()[5] as HTMLElement);
    await user.keyboard('4');
    await act(() => vi.advanceTimersByTimeAsync(1100));
    expect(onComplete).toHaveBeenLastCalledWith('482914');
    expect(onComplete).toHaveBeenCalledTimes(2);
  });
});
