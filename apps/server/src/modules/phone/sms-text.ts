/**
 * The verification text, in the shopper's language where we have it (the shop's languages in the
 * demo: English, Dutch, German), English otherwise. Short enough for one SMS segment.
 */
type Units = { minute: [string, string]; second: [string, string] };

const TEXTS: Record<string, { units: Units; text: (company: string, code: string, expiry: string) => string }> = {
  en: {
    units: { minute: ['minute', 'minutes'], second: ['second', 'seconds'] },
    text: (company, code, expiry) => `Your ${company} verification code is ${code}. It expires in ${expiry}.`,
  },
  nl: {
    units: { minute: ['minuut', 'minuten'], second: ['seconde', 'seconden'] },
    text: (company, code, expiry) => `Je verificatiecode voor ${company} is ${code}. De code verloopt over ${expiry}.`,
  },
  de: {
    units: { minute: ['Minute', 'Minuten'], second: ['Sekunde', 'Sekunden'] },
    text: (company, code, expiry) => `Ihr Bestätigungscode für ${company} lautet ${code}. Er läuft in ${expiry} ab.`,
  },
};

export function verificationText(options: {
  language: string | null | undefined;
  companyName: string;
  code: string;
  ttlSeconds: number;
}): string {
  const base = (options.language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  const texts = TEXTS[base] ?? TEXTS.en!;
  const minutes = options.ttlSeconds % 60 === 0;
  const amount = minutes ? options.ttlSeconds / 60 : options.ttlSeconds;
  const [one, many] = texts.units[minutes ? 'minute' : 'second'];
  const company = options.companyName.trim() || 'Shop';
  return texts.text(company, options.code, `${amount} ${amount === 1 ? one : many}`);
}
