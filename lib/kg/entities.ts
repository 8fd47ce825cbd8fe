// Entity linking's first step (EWEK-QA §3.1.2, ToG-E starts its beam from topic entities):
// Wikidata's `wbsearchentities` by label prefix, through the same etiquette as SPARQL (queue,
// Api-User-Agent, 429 wait, timeout, cache: see ./sparql.ts). URLs are built by wikibase-sdk.
// Language fallback: the user's language, then English, then `mul` (Wikidata's "default for all
// languages" labels since 2024: many people and places now have only a `mul` label).

import { WBK } from 'wikibase-sdk';
import { SearchReply, type SearchHit } from './replies';
import { createWikidataHttp, type WikidataHttp, type WikidataHttpOptions } from './sparql';

export interface EntityHit {
  id: string;
  label: string;
  description: string;
}

export interface EntitySearchPort {
  /** The instance root (https://www.wikidata.org) or its api.php URL. */
  instance: string;
  http: Pick<WikidataHttp, 'getJson'>;
}

export interface EntitySearchOptions extends WikidataHttpOptions {
  instance: string;
}

/** A port for `searchEntities` with its own etiquette queue (keyed by the api.php URL). */
export function createEntitySearch(
  options: EntitySearchOptions,
): EntitySearchPort & { readonly requests: number } {
  const http = createWikidataHttp(options);
  return {
    instance: options.instance,
    http,
    get requests() {
      return http.requests;
    },
  };
}

export interface SearchEntitiesInput {
  search: string;
  /** The user's language (BCP 47 or a Wikimedia code); default 'en'. */
  language?: string;
  limit?: number;
  /** Cancels the search (the KG stage's deadline, or the user's Stop). */
  signal?: AbortSignal;
}

/** A reply's hit as an EntityHit: the label and description in the asked language when given. */
function toEntityHit(hit: SearchHit): EntityHit {
  return {
    id: hit.id ?? '',
    label: hit.display?.label?.value || hit.label || '',
    description: hit.display?.description?.value || hit.description || '',
  };
}

/** Wikimedia language codes are lower case and mostly the primary subtag ('en-GB' → 'en-gb'). */
function wikimediaLanguage(language: string | undefined): string {
  const code = (language ?? 'en').trim().toLowerCase().replace(/_/g, '-');
  return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(code) ? code : 'en';
}

/**
 * Items whose label or alias starts with `search` (case-insensitive, Wikidata's own matching).
 * Tries the user's language, then 'en', then 'mul', stopping at the first that finds anything;
 * a label missing in the asked language falls back the same way.
 */
export async function searchEntities(
  port: EntitySearchPort,
  input: SearchEntitiesInput,
): Promise<EntityHit[]> {
  const search = input.search.trim();
  if (!search) return [];
  const limit = Math.min(50, Math.max(1, Math.floor(input.limit ?? 7)));
  const wbk = WBK({ instance: port.instance.replace(/\/w\/api\.php.*$/, '') });
  const user = wikimediaLanguage(input.language);
  const chain = [...new Set([user, user.split('-')[0]!, 'en', 'mul'])];
  for (const language of chain) {
    // origin=*: the MediaWiki API's anonymous CORS mode, so the extension needs no host access.
    const url = `${wbk.searchEntities({ search, language, uselang: language, limit, type: 'item' })}&origin=*`;
    const reply = await port.http.getJson(
      { url, accept: 'application/json', schema: SearchReply },
      input.signal,
    );
    const hits = reply.search
      .flatMap((hit) => (hit ? [toEntityHit(hit)] : []))
      .filter((hit) => /^[QPL]\d+$/.test(hit.id));
    if (hits.length > 0) return hits.slice(0, limit);
  }
  return [];
}
