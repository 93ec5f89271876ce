/** Rules about the account entity (spec §3 Account). */

export const GENDERS = { mr: 1, mrs: 2 } as const;
export const ADDRESS_TYPES = { private: 0, company: 1 } as const;

export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/** §3: the telephone counts as verified when its verify date is the year 1970 or later. */
export function isTelephoneVerified(telephoneVerifyDate: string | null | undefined): boolean {
  if (!telephoneVerifyDate) return false;
  const time = Date.parse(telephoneVerifyDate);
  return Number.isFinite(time) && new Date(time).getUTCFullYear() >= 1970;
}
