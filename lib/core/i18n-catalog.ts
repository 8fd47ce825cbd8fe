// Reading a messages.json file that arrived as text (the panel's Worker fetches the catalog the
// panel names). Apart from lib/core/i18n.ts so the panel's first chunk, which binds chrome.i18n
// and never parses a catalog, does not carry valibot (docs/ARCHITECTURE.md, the side panel's
// first paint).

import * as v from 'valibot';
import { parseJson, parseWith } from './guards';
import type { Catalog } from './i18n';

const CatalogSchema = v.record(
  v.string(),
  v.object({
    message: v.string(),
    description: v.optional(v.string()),
    placeholders: v.optional(
      v.record(v.string(), v.object({ content: v.string(), example: v.optional(v.string()) })),
    ),
  }),
);

/** A messages.json file's text as a catalog, or undefined when it is not one. */
export function parseCatalog(text: string): Catalog | undefined {
  return parseWith(CatalogSchema, parseJson(text));
}
