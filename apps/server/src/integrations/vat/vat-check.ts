/**
 * Whether a VAT number is valid for a country (spec §5 Address form, §7 validateVatNumber): the
 * offline format and check-digit test first, then, when configured, the EU's VIES register. An
 * EU outage must not block shoppers: when VIES cannot answer, the offline result stands (logged).
 */
import { offlineVatNumber } from './vat-number.js';
import type { ViesClient } from './vies.js';

export interface VatCheck {
  isValid(vatNumber: string, country: string): Promise<boolean>;
}

export interface VatCheckLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export function vatCheck(options: { vies: ViesClient | null; log: VatCheckLog }): VatCheck {
  return {
    async isValid(vatNumber, country) {
      const parsed = offlineVatNumber(vatNumber, country);
      if (!parsed) return false;
      if (!options.vies) return true;
      const answer = await options.vies.check(parsed);
      if (answer.status === 'unavailable') {
        options.log.warn(
          { countryCode: parsed.countryCode, reason: answer.reason },
          'VIES could not check a VAT number; the offline check stands',
        );
        return true;
      }
      return answer.status === 'valid';
    },
  };
}
