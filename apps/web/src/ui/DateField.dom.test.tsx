/** Spec §5 Date field in a DOM: what the shopper sees when leaving a part (issue 45). */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from './DateField';
import type { DateParts } from './date-parts';

function Birth({ error }: { error?: string }) {
  const [value, setValue] = useState<DateParts>({ day: '', month: '', year: '' });
  return (
    <DateField
      legend="Date of birth"
      labels={{ day: 'Day', month: 'Month', year: 'Year' }}
      placeholders={{ day: 'DD', month: 'MM', year: 'YYYY' }}
      value={value}
      onChange={setValue}
      error={error ?? null}
    />
  );
}

describe('§5 Date field', () => {
  it('takes digits only, at most two for day and month and four for the year', async () => {
    const user = userEvent.setup();
    render(<Birth />);
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '3a12');
    await user.type(screen.getByRole('textbox', { name: 'Year' }), '198512');
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveProperty('value', '31');
    expect(screen.getByRole('textbox', { name: 'Year' })).toHaveProperty('value', '1985');
  });

  it('a part out of range becomes 01 when the shopper leaves it; a single digit is padded', async () => {
    const user = userEvent.setup();
    render(<Birth />);
    await user.type(screen.getByRole('textbox', { name: 'Month' }), '13');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Month' })).toHaveProperty('value', '01');
    await user.type(screen.getByRole('textbox', { name: 'Day' }), '7');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Day' })).toHaveProperty('value', '07');
  });

  it('an error is shown under the three parts and marks each of them invalid', () => {
    render(<Birth error="Enter a complete date" />);
    expect(screen.getByRole('group', { name: 'Date of birth' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Enter a complete date')).toBeTruthy();
    for (const part of ['Day', 'Month', 'Year']) {
      expect(screen.getByRole('textbox', { name: part }).getAttribute('aria-invalid')).toBe('true');
    }
  });
});
