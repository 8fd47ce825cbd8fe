// Settings: versioned from day one, so a stored value from any release can be read by any later
// one. `migrateSettings` turns whatever is stored — an older version, a corrupt value, something
// hand-edited — into valid current settings, keeping every field that is still valid and saying
// which were reset (docs/SECURITY.md, property 16: bad input gets a clear error and loses nothing).

import * as v from 'valibot';
import { isRecord, parseWith } from '../core/guards';
import { t } from '../core/i18n';

/**
 * v1: composer, search, knowledge graph. v2 adds `retrieval` (sources, models, reranker). v3 adds
 * the composer's confidence bar and time limit (endpoint composers). v4 adds `storage` (the
 * offline cache's byte budget and persistent storage). v5 adds `retrieval.nli` (the optional
 * fact-checking model) and makes the defaults private: nothing leaves the browser until the user
 * turns it on (no web search provider, no Wikidata, the extractive composer). v6 adds
 * `search.allowLocalResults` (off: result pages on local addresses are not read) and
 * `retrieval.exactAnswer` (the optional extractive-QA model). v7 adds `retrieval.multilingual` (the
 * optional multilingual ranking models, for pages in other languages). Settings stored by an earlier version
 * keep what they said, and a field they lack takes the default of their version (`OLD_DEFAULTS`).
 */
export const SETTINGS_VERSION = 7;
export const SETTINGS_KEY = 'settings';

const HttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.check(
    (s) => s === '' || isHttpUrl(s),
    () => t('settings_error_http_address'),
  ),
);

export const ComposerKinds = [
  'extractive',
  'openai-compatible',
  'ollama',
  'chrome-prompt',
] as const;
export const ConfidenceLevels = ['low', 'medium', 'high'] as const;
export const SearchProviders = ['none', 'wikipedia', 'searxng', 'brave'] as const;
export const SourcesModes = ['auto', 'page', 'page+web'] as const;
export const DevicePreferences = ['auto', 'wasm'] as const;
/** `bundled`: model files shipped in the package; `download`: fetched from `hubUrl` on first use (Settings). */
export const ModelSources = ['bundled', 'download'] as const;

/** A required http(s) address (no empty value: there is no sensible "off"). */
const RequiredHttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.check(isHttpUrl, () => t('settings_error_http_address')),
);

const SettingsSchema = v.object({
  version: v.literal(SETTINGS_VERSION),
  composer: v.object({
    /** `extractive` needs no model and no network: the offline default. */
    kind: v.picklist(ComposerKinds),
    endpoint: HttpUrl,
    model: v.pipe(v.string(), v.trim(), v.maxLength(200)),
    /** Sent only to `endpoint`'s origin; storage.local is closed to content scripts (background.ts). */
    apiKey: v.pipe(v.string(), v.trim(), v.maxLength(500)),
    /** Answers the model rates below this are replaced by "I don't know" and the evidence (WeKnow-RAG §4.1.4). */
    minConfidence: v.picklist(ConfidenceLevels),
    /** How long to wait for the first token, and between tokens, before falling back. */
    timeoutSeconds: v.pipe(v.number(), v.integer(), v.minValue(5), v.maxValue(600)),
  }),
  search: v.object({
    provider: v.picklist(SearchProviders),
    searxngUrl: HttpUrl,
    braveApiKey: v.pipe(v.string(), v.trim(), v.maxLength(500)),
    /**
     * Read search results on this computer or the local network (loopback, private addresses).
     * Off: a search service, even one run locally, cannot send the extension into the user's
     * network (docs/SECURITY.md, property 5).
     */
    allowLocalResults: v.boolean(),
  }),
  knowledgeGraph: v.object({
    /** EWEK-QA §3.1.2: Wikidata triples as quote [1]; off keeps questions away from Wikidata. */
    enabled: v.boolean(),
    /** ToG-E beam width and depth (EWEK-QA §A.1: 3 and 3); more means more SPARQL queries. */
    width: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
    depth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
    sparqlEndpoint: HttpUrl,
    entitySearchEndpoint: HttpUrl,
  }),
  retrieval: v.object({
    /** EWEK-QA's adaptive retrieval: the web only when the page falls short (`auto`). */
    sources: v.picklist(SourcesModes),
    /** Rank with the MiniLM models when their files are present; off means keywords only. */
    useModels: v.boolean(),
    /** The larger second-stage cross-encoder: better order, slower. */
    rerank: v.boolean(),
    /** Download the NLI model too, for verdicts and citation checks (a separate, opt-in download). */
    nli: v.boolean(),
    /** Download the extractive-QA model too, for the exact answer inside a quote (opt-in download). */
    exactAnswer: v.boolean(),
    /**
     * Download the multilingual ranking models too: they rank pages and questions not in English
     * in place of the English pair whenever installed (opt-in download).
     */
    multilingual: v.boolean(),
    /** `auto` tries WebGPU and falls back to WebAssembly. */
    device: v.picklist(DevicePreferences),
    /** Where the model files come from: the package, or a download from the hub made in Settings. */
    modelSource: v.picklist(ModelSources),
    /** Hugging Face-shaped hub the download reads `<hub>/<id>/resolve/<revision>/<file>` from. */
    hubUrl: RequiredHttpUrl,
  }),
  storage: v.object({
    /** The offline cache (pages, embeddings, search, SPARQL, answers) stays under this many MB. */
    budgetMB: v.pipe(v.number(), v.integer(), v.minValue(10), v.maxValue(5000)),
    /** Ask the browser not to clear the cache under storage pressure (navigator.storage.persist()). */
    persist: v.boolean(),
  }),
});

export type Settings = v.InferOutput<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  version: SETTINGS_VERSION,
  composer: {
    kind: 'extractive',
    endpoint: 'http://127.0.0.1:11434/v1',
    model: '',
    apiKey: '',
    minConfidence: 'medium',
    timeoutSeconds: 60,
  },
  search: { provider: 'none', searxngUrl: '', braveApiKey: '', allowLocalResults: false },
  knowledgeGraph: {
    enabled: false,
    width: 3,
    depth: 3,
    sparqlEndpoint: 'https://query.wikidata.org/sparql',
    entitySearchEndpoint: 'https://www.wikidata.org/w/api.php',
  },
  retrieval: {
    sources: 'auto',
    useModels: true,
    rerank: false,
    nli: false,
    exactAnswer: false,
    multilingual: false,
    device: 'auto',
    modelSource: 'bundled',
    hubUrl: 'https://huggingface.co',
  },
  storage: { budgetMB: 200, persist: false },
};

const GROUPS = ['composer', 'search', 'knowledgeGraph', 'retrieval', 'storage'] as const;
/** The version that introduced each group: older stored settings lack it, which is not an error. */
const GROUP_SINCE: Record<(typeof GROUPS)[number], number> = {
  composer: 1,
  search: 1,
  knowledgeGraph: 1,
  retrieval: 2,
  storage: 4,
};
/** Fields added to a group after the group itself. */
const FIELD_SINCE: Record<string, number> = {
  'knowledgeGraph.enabled': 2,
  'knowledgeGraph.width': 2,
  'knowledgeGraph.depth': 2,
  'composer.minConfidence': 3,
  'composer.timeoutSeconds': 3,
  'retrieval.nli': 5,
  'search.allowLocalResults': 6,
  'retrieval.exactAnswer': 6,
  'retrieval.multilingual': 7,
};
/**
 * Defaults that changed, with the version that changed them: settings stored by an earlier
 * version that lack the field get the old default, so an upgrade never flips a user's choice
 * (v1 settings had no `knowledgeGraph.enabled`: Wikidata was on). A field that is present but
 * invalid is reset to the current default, and said so.
 */
const OLD_DEFAULTS: Record<string, { before: number; value: unknown }> = {
  'search.provider': { before: 5, value: 'wikipedia' },
  'knowledgeGraph.enabled': { before: 5, value: true },
};

/** The message for an API key that would travel unencrypted to another computer. */
export const apiKeyOverHttpMessage = () => t('settings_error_api_key_over_http');

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface Migration {
  settings: Settings;
  /** Dotted paths of fields that were missing or invalid and were reset to their default. */
  reset: string[];
}

/** Never throws: any input yields valid settings. */
export function migrateSettings(stored: unknown): Migration {
  const reset: string[] = [];
  const source = isRecord(stored) ? stored : {};
  if (stored !== undefined && !isRecord(stored)) reset.push('(all)');
  // Every version so far only added groups, so an upgrade is: keep each stored field that is
  // still valid, default the rest. A future version we do not know is read the same way.
  const storedVersion = parseWith(v.number(), source.version) ?? 1;
  const settings = structuredClone(DEFAULT_SETTINGS);
  for (const group of GROUPS) {
    const storedGroup = isRecord(source[group]) ? source[group] : {};
    const entries = SettingsSchema.entries[group].entries as Record<string, v.GenericSchema>;
    const target = settings[group] as Record<string, unknown>;
    for (const [field, schema] of Object.entries(entries)) {
      if (!Object.hasOwn(storedGroup, field)) {
        const since = FIELD_SINCE[`${group}.${field}`] ?? GROUP_SINCE[group];
        if (isRecord(stored) && storedVersion >= since) reset.push(`${group}.${field}`);
        const old = OLD_DEFAULTS[`${group}.${field}`];
        if (isRecord(stored) && old && storedVersion < old.before) target[field] = old.value;
        continue;
      }
      const parsed = v.safeParse(schema, storedGroup[field]);
      if (parsed.success) target[field] = parsed.output;
      else reset.push(`${group}.${field}`);
    }
  }
  // A key stored before the https rule is not sent in the clear: it is dropped, and said so.
  if (apiKeyOverHttp(settings.composer)) {
    settings.composer.apiKey = '';
    reset.push('composer.apiKey');
  }
  return { settings, reset };
}

/** Whether `host` (a URL's hostname) is this computer: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackHostname(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]' ||
    host === '::1'
  );
}

/**
 * An API key may leave this computer only encrypted: a key the composer would send (only the
 * OpenAI-compatible one sends it) to a plain `http://` endpoint on another host is refused. A
 * loopback server is fine: nothing crosses the network.
 */
export function apiKeyOverHttp(composer: {
  kind: string;
  apiKey: string;
  endpoint: string;
}): boolean {
  if (composer.kind !== 'openai-compatible' || composer.apiKey.trim() === '') return false;
  try {
    const url = new URL(composer.endpoint.trim());
    return url.protocol === 'http:' && !isLoopbackHostname(url.hostname);
  } catch {
    return false;
  }
}

const ComposerKeyFields = v.object({
  kind: v.string(),
  endpoint: v.string(),
  apiKey: v.string(),
});

/** Validates settings coming from the form; returns field errors by dotted path. */
export function validateSettings(
  candidate: unknown,
): { ok: true; settings: Settings } | { ok: false; errors: Record<string, string> } {
  const parsed = v.safeParse(SettingsSchema, candidate);
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.issues) {
      const path = v.getDotPath(issue) ?? '(settings)';
      errors[path] ??= issue.message;
    }
  // The https rule is said with the other errors, from the composer as typed when it reads.
  const composer = parseWith(ComposerKeyFields, isRecord(candidate) ? candidate.composer : null);
  if (composer && apiKeyOverHttp(composer)) errors['composer.apiKey'] ??= apiKeyOverHttpMessage();
  if (parsed.success && Object.keys(errors).length === 0)
    return { ok: true, settings: parsed.output };
  return { ok: false, errors };
}
