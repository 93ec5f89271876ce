/** Texts with elements inside them, apart from lib/i18n.tsx: links in a sentence, a number kept whole (ui/Identifier). */
import { Fragment, type ReactNode } from 'react';
import { type TextKey, useT } from './i18n';

/** A translated text whose {placeholders} are filled with elements, e.g. links inside a sentence. */
export function Trans({ k, values }: { k: TextKey; values: Record<string, ReactNode> }) {
  const t = useT();
  const parts = t(k).split(/\{(\w+)\}/);
  // The parts of one template never move, so their position is a stable key.
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: positions within one template are stable
        <Fragment key={index}>{index % 2 === 1 && part in values ? values[part] : part}</Fragment>
      ))}
    </>
  );
}
