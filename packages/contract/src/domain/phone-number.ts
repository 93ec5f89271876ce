/**
 * Whether a telephone number can be a real one for its calling code (issue 18: '0000000' passed
 * the §5 length rules, yet no text message can reach it). libphonenumber-js's small metadata
 * knows each region's number lengths and leading digits. Only the modules that check a phone
 * number import this, so the library stays out of the screens that do not edit one (DESIGN §8).
 */
import { isValidPhoneNumber } from 'libphonenumber-js/min';

/** A number with its calling code ('+31', '0612345678'); a number without a code cannot be judged and passes. */
export const isValidForCallingCode = (code: string, digits: string): boolean =>
  code === '' || isValidPhoneNumber(`${code} ${digits}`);
