// Sentences with markup inside them ("Your text says <mark>…</mark>"): the catalog keeps the
// whole sentence, so a language can put the marked parts where its word order wants them.

import { Fragment, type ReactNode } from 'react';
import { t, type MessageKey } from '@/lib/core/i18n';

/** Private-use characters around a part's index: they cannot occur in a catalog's text. */
const MARK = '\uE000';

/** The message `key` with `parts` (elements or text) in the places of its substitutions. */
export function tx(key: MessageKey, ...parts: ReactNode[]): ReactNode {
  const text = t(key, ...parts.map((_, i) => `${MARK}${i}${MARK}`));
  const pieces = text.split(new RegExp(`${MARK}(\\d)${MARK}`));
  return pieces.map((piece, i) => (
    <Fragment key={i}>{i % 2 === 1 ? parts[Number(piece)] : piece}</Fragment>
  ));
}
