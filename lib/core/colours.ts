// One colour per quote, shared by the page highlight (lib/page/highlight.ts) and the panel's
// citation markers and quote cards, so a reader can tell which passage backs which citation.

/** Light enough to read black text through; distinct for neighbouring quote numbers. */
export const QUOTE_COLOURS = [
  '255, 213, 79',
  '129, 212, 250',
  '165, 214, 167',
  '244, 143, 177',
  '206, 147, 216',
  '255, 171, 145',
] as const;

/** The colour slot of quote `id` (1-based IDs; the palette repeats after six). */
export function colourSlot(id: number): number {
  return (((id - 1) % QUOTE_COLOURS.length) + QUOTE_COLOURS.length) % QUOTE_COLOURS.length;
}
