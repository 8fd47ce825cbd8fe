// Settings: versioned from day one (STYLE 8). `migrateSettings` turns whatever is stored — an
// older version, a corrupt value, something hand-edited — into valid current settings, keeping
// every field that is still valid and saying which were reset.

import * as v from 'valibot';

export const SETTINGS_VERSION = 1;
export const SETTINGS_KEY = 'settings';

const HttpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(2048),
  v.check((s) => s === '' || isHttpUrl(s), 'must be an http:// or https:// address'),
);

export const ComposerKinds = ['extractive', 'openai-compatible'] as const;
export const SearchProviders = ['none', 'wikipedia', 'searxng', 'brave'] as const;

const SettingsV1 = v.object({
  version: v.literal(1),
  composer: v.object({
    /** `extractive` needs no model and no network: the offline default. */
    kind: v.picklist(ComposerKinds),
    endpoint: HttpUrl,
    model: v.pipe(v.string(), v.trim(), v.maxLength(200)),
    /** Sent only to `endpoint`'s origin; storage.local is closed to content scripts (background.ts). */
    apiKey: v.pipe(v.string(), v.trim(), v.maxLength(500)),
  }),
  search: v.object({
    provider: v.picklist(SearchProviders),
    searxngUrl: HttpUrl,
    braveApiKey: v.pipe(v.string(), v.trim(), v.maxLength(500)),
  }),
  knowledgeGraph: v.object({
    sparqlEndpoint: HttpUrl,
    entitySearchEndpoint: HttpUrl,
  }),
});

export type Settings = v.InferOutput<typeof SettingsV1>;

export const DEFAULT_SETTINGS: Settings = {
  version: 1,
  composer: { kind: 'extractive', endpoint: 'http://127.0.0.1:11434/v1', model: '', apiKey: '' },
  search: { provider: 'wikipedia', searxngUrl: '', braveApiKey: '' },
  knowledgeGraph: {
    sparqlEndpoint: 'https://query.wikidata.org/sparql',
    entitySearchEndpoint: 'https://www.wikidata.org/w/api.php',
  },
};

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
  // Version 1 is the first; a future version we do not know is read field by field like v1.
  const settings = structuredClone(DEFAULT_SETTINGS);
  for (const group of ['composer', 'search', 'knowledgeGraph'] as const) {
    const storedGroup = isRecord(source[group]) ? source[group] : {};
    const entries = SettingsV1.entries[group].entries as Record<string, v.GenericSchema>;
    const target = settings[group] as Record<string, unknown>;
    for (const [field, schema] of Object.entries(entries)) {
      if (!Object.hasOwn(storedGroup, field)) {
        if (stored !== undefined && isRecord(stored)) reset.push(`${group}.${field}`);
        continue;
      }
      const parsed = v.safeParse(schema, storedGroup[field]);
      if (parsed.success) target[field] = parsed.output;
      else reset.push(`${group}.${field}`);
    }
  }
  return { settings, reset };
}

/** Validates settings coming from the form; returns field errors by dotted path. */
export function validateSettings(candidate: unknown): { ok: true; settings: Settings } | { ok: false; errors: Record<string, string> } {
  const parsed = v.safeParse(SettingsV1, candidate);
  if (parsed.success) return { ok: true, settings: parsed.output };
  const errors: Record<string, string> = {};
  for (const issue of parsed.issues) {
    const path = v.getDotPath(issue) ?? '(settings)';
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
