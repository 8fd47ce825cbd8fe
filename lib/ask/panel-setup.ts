// What the panel says once, not in every answer: setting-up notices (models missing, an endpoint
// without an address) and the empty thread's greeting, with example questions made from the page's
// headings. Pure functions of the answer, the settings and the page.

import { BYLINE_SECTION } from '../pipeline/byline';
import type { PageSnapshot } from '../pipeline/types';
import type { Settings } from '../settings/schema';
import type { CachedOutcome } from './cached';
import type { PrivacyChoices, SetupNotice } from './panel-state';

/** Composer failures that mean "the settings are not filled in", not "the server failed". */
const UNCONFIGURED = new Set(['composer-not-configured', 'composer-bad-url']);

/** The notice a fresh answer calls for, if any: models missing first, then the endpoint. */
export function setupNoticeFor(
  outcome: Pick<CachedOutcome, 'result' | 'origin'>,
  settings: Settings,
  modelBytes: number | null,
): SetupNotice | null {
  const { result, origin } = outcome;
  if (origin.kind !== 'live') return null;
  if (settings.retrieval.useModels && !result.retrieval.models.filter)
    return { kind: 'models', ...(modelBytes ? { bytes: modelBytes } : {}) };
  const code = result.answer.fallback?.reason.code;
  if (code && UNCONFIGURED.has(code)) return { kind: 'endpoint' };
  return null;
}

/**
 * A heading as a reader should see it: wiki "[edit]" links, footnote marks and lone symbols
 * ("#", "¶") removed; empty when nothing readable is left.
 */
export function sectionLabel(raw: string | undefined): string {
  if (!raw) return '';
  const text = raw
    .replace(/\[\s*(edit|edit source|update|citation needed|\d+)\s*\]/gi, '')
    .replace(/^[\s#¶§*•·|:>\-–—]+|[\s#¶§*•·|:>\-–—]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return /\p{L}|\p{N}/u.test(text) ? text : '';
}

/** Headings that say nothing about the subject. */
const BORING =
  /^(contents|references|notes|see also|external links|further reading|bibliography|sources|footnotes|citations|navigation|menu|comments|share|related( articles| posts)?|about( us)?|contact|works cited|gallery)$/i;

/** A numbered heading's number: "1 Introduction", "2.1. Directory layout", "A.4 Details". */
const SECTION_NUMBER = /^(?:\d{1,2}(?:\.\d{1,2})*|[A-Z](?:\.\d{1,2})+)\.?\s+(?=\p{L})/u;
/** Authors' affiliations set as a heading: "1 Huawei Noah's Ark Lab, 2 University of Waterloo". */
const AFFILIATIONS = /,\s*\d+\s+\p{Lu}/u;

/**
 * Up to `count` example questions from the page's headings (first ones first, no duplicates).
 * The questions are English sentences, so a page tagged with another language gets none (the
 * Summarize button, in the panel's language, stays).
 */
export function exampleQuestions(page: PageSnapshot, count = 3): string[] {
  const lang = page.lang?.trim().split(/[-_]/)[0]?.toLowerCase();
  if (lang && lang !== 'en') return [];
  const seen = new Set<string>();
  const title = sectionLabel(page.title).toLowerCase();
  const out: string[] = [];
  let lowerWords: ReadonlySet<string> | undefined;
  // Whether the page writes `word` in lower case anywhere: else it is a name ("Kenya trip").
  const writtenLower = (word: string) => {
    lowerWords ??= new Set(
      page.blocks.flatMap((b) => b.text.match(/\b\p{Ll}[\p{Ll}'’-]*/gu) ?? []),
    );
    return lowerWords.has(word.toLowerCase());
  };
  for (const block of page.blocks) {
    if (block.section === BYLINE_SECTION || AFFILIATIONS.test(block.section ?? '')) continue;
    const label = sectionLabel(block.section?.replace(SECTION_NUMBER, '')).replace(/\.$/, '');
    const key = label.toLowerCase();
    // The page's own title as a heading says nothing a reader does not see already.
    const isTitle = title.length > 0 && (title.includes(key) || key.includes(title));
    if (!label || seen.has(key) || isTitle || BORING.test(label)) continue;
    if (label.length < 3 || label.length > 60) continue;
    seen.add(key);
    out.push(questionFrom(label, writtenLower));
    if (out.length >= count) break;
  }
  return out;
}

function questionFrom(heading: string, writtenLower: (word: string) => boolean): string {
  if (/\?$/.test(heading)) return heading;
  if (/^(how|why|what|when|where|who|which)\b/i.test(heading)) return `${heading}?`;
  // Keep names and acronyms as written; lower-case an ordinary first word, one the page itself
  // writes in lower case ("History" but not "Kenya").
  const words = heading.split(' ');
  const first = words[0]!;
  const named = words.slice(1).some((w) => /^\p{Lu}/u.test(w));
  const ordinary = /^[A-Z][a-z]+$/.test(first) && !named && writtenLower(first);
  const lower = ordinary ? first.toLowerCase() : first;
  return `What does it say about ${[lower, ...words.slice(1)].join(' ')}?`;
}

/** The privacy choices as the settings have them now. */
export function choicesFrom(settings: Settings): PrivacyChoices {
  const { composer } = settings;
  return {
    wikipedia: settings.search.provider !== 'none',
    wikidata: settings.knowledgeGraph.enabled,
    composer: {
      enabled: composer.kind === 'openai-compatible' || composer.kind === 'ollama',
      endpoint: composer.endpoint,
      model: composer.model,
    },
  };
}

/** The settings with the greeting's choices applied; everything else is kept. */
export function withChoices(settings: Settings, choices: PrivacyChoices): Settings {
  const { composer } = settings;
  const endpointKind = composer.kind === 'ollama' ? 'ollama' : 'openai-compatible';
  return {
    ...settings,
    search: {
      ...settings.search,
      // Another provider the user set up is kept; "no" turns web search off.
      provider: choices.wikipedia
        ? settings.search.provider === 'none'
          ? 'wikipedia'
          : settings.search.provider
        : 'none',
    },
    knowledgeGraph: { ...settings.knowledgeGraph, enabled: choices.wikidata },
    composer: choices.composer.enabled
      ? {
          ...composer,
          kind: endpointKind,
          endpoint: choices.composer.endpoint.trim(),
          model: choices.composer.model.trim(),
        }
      : { ...composer, kind: 'extractive' },
  };
}
