/** What the status tables of spec §4 share (status.ts, payment-shipment-status.ts): their shape and lookup. */

export type StatusColour = 'orange' | 'green' | 'red' | 'grey';

export interface StatusInfo {
  code: number;
  /** Translation key of the label. */
  key: string;
  /** English label, used when no translation is loaded. */
  label: string;
  colour: StatusColour;
}

export type StatusTable = Readonly<Record<number, readonly [label: string, colour: StatusColour]>>;

export function lookup(table: StatusTable, prefix: string, code: number): StatusInfo {
  const entry = table[code];
  if (!entry) return { code, key: 'ac_StatusUnknown', label: 'Unknown', colour: 'grey' };
  return { code, key: `${prefix}${code}`, label: entry[0], colour: entry[1] };
}
