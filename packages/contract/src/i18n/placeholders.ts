/**
 * Fills the {name} placeholders of a text (an unknown one stays as it is). A label taken into
 * running text is written {name:lower}: "Submit {label:lower}" with "Phone number" reads "Submit
 * phone number". Each language's catalogue decides where: German keeps {label}, as its nouns keep
 * their capital, and a label that starts a sentence keeps it anyway. An abbreviation ("VAT
 * number", "SMS code") keeps its capitals.
 */
export function fillPlaceholders(text: string, params: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)(:lower)?\}/g, (match, name: string, lower: string | undefined) => {
    if (!(name in params)) return match;
    const value = String(params[name]);
    return lower ? inRunningText(value) : value;
  });
}

/** The first letter in lower case, unless the word is an abbreviation (its second letter a capital too). */
function inRunningText(label: string): string {
  const [first = '', second = ''] = label;
  if (second !== second.toLowerCase()) return label;
  return first.toLowerCase() + label.slice(first.length);
}
