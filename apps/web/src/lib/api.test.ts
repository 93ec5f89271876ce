import { describe, expect, it } from 'vitest';
import { capitaliseKeys } from './api';

describe('§7 request body keys are sent with capitalised names', () => {
  it('capitalises every key, recursively, and leaves values alone', () => {
    expect(capitaliseKeys({ interestIds: [1, 2], settings: { firstName: 'ann', newsletterIds: [] } })).toEqual({
      InterestIds: [1, 2],
      Settings: { FirstName: 'ann', NewsletterIds: [] },
    });
    expect(capitaliseKeys([{ a: 1 }, 'b', null])).toEqual([{ A: 1 }, 'b', null]);
  });
});
