// Translations (lib/core/i18n.ts, public/_locales/): every key the code uses is in the English
// catalog, every locale has exactly English's keys and placeholders, messages render as chrome.i18n
// renders them, and no hard-coded words creep back into the views' markup.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bindMessages,
  catalogSource,
  ENGLISH,
  formatEntry,
  messageLocale,
  resetMessages,
  t,
  tn,
  type Catalog,
} from '../../lib/core/i18n';
import { bindPackagedMessages } from '../../lib/browser/i18n-packaged';
import { parseCatalog } from '../../lib/core/i18n-catalog';
import { messageFor } from '../../lib/core/errors';
import { timeAgo } from '../../lib/core/time';
import { stagesShown } from '../../components/panel/stages';
import type { AskResult } from '../../lib/pipeline/types';

const ROOT = join(import.meta.dirname, '../..');
const LOCALES = join(ROOT, 'public/_locales');

/** Source files of the folders that may say something to a person. */
function sources(exts: readonly string[]): string[] {
  const out: string[] = [];
  for (const folder of ['components', 'entrypoints', 'lib', 'cli'])
    for (const entry of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true }))
      if (entry.isFile() && exts.some((ext) => entry.name.endsWith(ext)))
        out.push(join(entry.parentPath, entry.name));
  return [...out, join(ROOT, 'wxt.config.ts')];
}

/**
 * The keys the code names: the first argument of `t`/`tx`, the two keys of `tn`, `__MSG_…__` in
 * the manifest and `getMessage('…')`. Keys are always written literally, so this finds them all.
 */
function usedKeys(): Map<string, string[]> {
  const patterns = [
    /\b(?:t|tx)\(\s*['"]([^'"]+)['"]/g,
    /\btn\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*['"]([^'"]+)['"],\s*['"]([^'"]+)['"]/g,
    /__MSG_(\w+)__/g,
    /getMessage\(\s*['"]([^'"]+)['"]/g,
  ];
  const used = new Map<string, string[]>();
  for (const file of sources(['.ts', '.tsx'])) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern))
        for (const key of match.slice(1).filter(Boolean))
          used.set(key, [...(used.get(key) ?? []), relative(ROOT, file)]);
  }
  return used;
}

function catalog(locale: string): Catalog {
  const parsed = parseCatalog(readFileSync(join(LOCALES, locale, 'messages.json'), 'utf8'));
  if (!parsed) throw new Error(`${locale}/messages.json is not a catalog`);
  return parsed;
}

const locales = readdirSync(LOCALES);

/** What a message expects: its placeholder names with their contents, and `$name$`s it uses. */
function shape(entry: Catalog[string]) {
  const placeholders = Object.fromEntries(
    Object.entries(entry.placeholders ?? {}).map(([name, p]) => [name.toLowerCase(), p.content]),
  );
  const named = [...entry.message.matchAll(/\$([a-zA-Z0-9_@]+)\$/g)].map((m) =>
    m[1]!.toLowerCase(),
  );
  return { placeholders, named: [...new Set(named)].sort() };
}

afterEach(() => resetMessages());

describe('the English catalog has every key the code uses', () => {
  const used = usedKeys();

  it('finds the keys the code uses (the scan works)', () => {
    expect(used.size).toBeGreaterThan(300);
    expect(used.get('ext_name')).toContain('wxt.config.ts');
    expect(used.get('error_question_empty')).toContain('lib/core/errors.ts');
  });

  it('has every key used with t, tn, tx, __MSG_…__ or getMessage', () => {
    const missing = [...used].filter(([key]) => !Object.hasOwn(ENGLISH, key));
    expect(missing.map(([key, files]) => `${key} (${files.join(', ')})`)).toEqual([]);
  });

  it('has no key that nothing uses', () => {
    expect(Object.keys(ENGLISH).filter((key) => !used.has(key))).toEqual([]);
  });

  it('names keys as chrome.i18n allows: letters, digits and underscores, no "@@"', () => {
    for (const key of Object.keys(ENGLISH)) expect(key).toMatch(/^[a-z][a-z0-9_]*$/);
  });
});

describe.each(locales)('the %s catalog', (locale) => {
  const messages = catalog(locale);

  it('has exactly the keys of English', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(ENGLISH).sort());
  });

  it('has the placeholders of English, with the same names and substitutions', () => {
    const differ = Object.keys(ENGLISH).filter(
      (key) =>
        messages[key] &&
        JSON.stringify(shape(messages[key]).placeholders) !==
          JSON.stringify(shape(ENGLISH[key]!).placeholders),
    );
    expect(differ).toEqual([]);
  });

  it('uses every placeholder it defines, and only those', () => {
    for (const [key, entry] of Object.entries(messages)) {
      const { placeholders, named } = shape(entry);
      expect(named, key).toEqual(Object.keys(placeholders).sort());
      // A lone "$" would be read as a substitution by chrome.i18n.
      expect(entry.message.replace(/\$[a-zA-Z0-9_]+\$/g, ''), key).not.toMatch(/\$/);
    }
  });

  it('names itself in locale_code', () => {
    expect(messages.locale_code?.message).toBe(locale);
  });
});

describe('the German catalog', () => {
  const german = catalog('de');

  it('is a translation, not a copy: most messages differ from English', () => {
    const same = Object.keys(ENGLISH).filter(
      (key) => german[key]?.message === ENGLISH[key]!.message,
    );
    // Product names, units and "Start" are the same in both languages.
    expect(same.length).toBeLessThan(Object.keys(ENGLISH).length / 20);
  });

  it('speaks through t once bound, with plural rules and numbers of German', () => {
    bindMessages(catalogSource(german), 'de');
    expect(messageLocale()).toBe('de');
    expect(t('tabs_settings')).toBe('Einstellungen');
    expect(messageFor('question-empty')).toBe('Geben Sie zuerst eine Frage ein.');
    expect(tn(1, 'checks_line_one', 'checks_line_other', 1)).toBe('1 von 1 Quellenangabe geprüft');
    expect(tn(3, 'checks_line_one', 'checks_line_other', 2)).toBe('2 von 3 Quellenangaben geprüft');
    expect(t('summary_in_seconds', 0.5)).toBe('in 0,5 s');
    expect(timeAgo(0, 2 * 3600_000)).toBe('vor 2 Stunden');
    expect(timeAgo(0, 1000)).toBe('gerade eben');
  });
});

describe('t and the message format', () => {
  it('speaks English until a catalog is bound, and again after reset', () => {
    expect(messageLocale()).toBe('en');
    expect(t('tabs_settings')).toBe('Settings');
    expect(tn(1, 'summary_from_one', 'summary_from_other')).toBe('from 1 passage');
    expect(tn(2, 'summary_from_one', 'summary_from_other')).toBe('from 2 passages');
  });

  it('renders placeholders (any case), $1…$9 and $$ as chrome.i18n does', () => {
    const entry = {
      message: 'Pay $Amount$$$ to $WHO$ ($1)',
      placeholders: { amount: { content: '$2' }, who: { content: '$1' } },
    };
    expect(formatEntry(entry, ['Ada', '12'])).toBe('Pay 12$ to Ada (Ada)');
    // A substitution is inserted as it is, never read as a placeholder itself.
    expect(formatEntry(entry, ['$2', '$1'])).toBe('Pay $1$ to $2 ($2)');
  });

  it('falls back to English for a key the bound catalog lacks, and to "" for an unknown key', () => {
    bindMessages(catalogSource({ tabs_ask: { message: 'Fragen' } }), 'de');
    expect(t('tabs_ask')).toBe('Fragen');
    expect(t('tabs_history')).toBe('History');
    expect(catalogSource({})('no_such_key', [])).toBe('');
  });

  it('says English where the bound source has nothing (chrome.i18n returns "")', () => {
    bindMessages(() => '', 'de');
    expect(t('tabs_history')).toBe('History');
  });

  it('refuses a file that is not a catalog', () => {
    expect(parseCatalog('{"a": {"text": "x"}}')).toBeUndefined();
    expect(parseCatalog('not json')).toBeUndefined();
  });
});

describe("the panel's Worker binds the packaged catalog the panel names", () => {
  const files: Record<string, string> = {
    '/_locales/de/messages.json': readFileSync(join(LOCALES, 'de/messages.json'), 'utf8'),
  };
  const fetchText = (url: string) =>
    url in files ? Promise.resolve(files[url]!) : Promise.reject(new Error(`404 ${url}`));

  it('reads _locales/<locale>/messages.json, and English for English, nothing or a path', async () => {
    await bindPackagedMessages('de', fetchText);
    expect(t('tabs_history')).toBe('Verlauf');
    await bindPackagedMessages(undefined, fetchText);
    expect(t('tabs_history')).toBe('History');
    await bindPackagedMessages('de', fetchText);
    await bindPackagedMessages('../../etc', fetchText);
    expect(t('tabs_history')).toBe('History');
  });

  it('speaks English when the catalog cannot be read', async () => {
    await bindPackagedMessages('fr', fetchText);
    expect(messageLocale()).toBe('en');
    expect(t('tabs_history')).toBe('History');
  });
});

describe("the details list reads Wikidata's failure notes in the panel's language", () => {
  /** Every note a Wikidata that answered nothing can leave (lib/kg/retrieve.ts, coded errors). */
  const failures = (): string[] => [
    t('note_kg_timeout', 20),
    t('note_kg_search_failed', 2, 3),
    t('note_kg_stopped_early', 'HTTP 500'),
    messageFor('kg-rate-limited'),
    messageFor('kg-timeout'),
    messageFor('kg-failed'),
    messageFor('kg-bad-response'),
  ];
  const kgStage = (note: string) =>
    stagesShown({
      stages: { kg: { stage: 'kg', status: 'done' } },
      result: { kg: { triples: 0, notes: [note] } } as unknown as AskResult,
    })[0]?.status;

  it.each(locales)(
    'marks the stage failed for each failure note in %s, not for "nothing found"',
    (locale) => {
      bindMessages(catalogSource(catalog(locale)), locale);
      for (const note of failures()) expect(kgStage(note), note).toBe('failed');
      expect(kgStage(t('note_kg_no_entity'))).toBe('done');
    },
  );
});

/** Words a view may show without a catalog: addresses and model tags given as examples. */
const TECHNICAL = /^(https?|chrome):\/\/\S+$|^[a-z0-9.]+:[a-z0-9.]+$/i;
/** Attributes a person reads (or hears), on elements and on the settings form's fields. */
const READ_ATTRIBUTES = new Set([
  'title',
  'placeholder',
  'aria-label',
  'alt',
  'label',
  'hint',
  'text',
]);

/** JSX text and read attributes written as literals with letters in them, as "file:line text". */
function hardCodedText(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${relative(ROOT, file)}:${line} ${value}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const value = node.text.trim();
      if (/\p{L}/u.test(value) && !TECHNICAL.test(value)) report(node, value);
    }
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const literal =
        init && ts.isStringLiteral(init)
          ? init.text
          : init &&
              ts.isJsxExpression(init) &&
              init.expression &&
              ts.isStringLiteral(init.expression)
            ? init.expression.text
            : null;
      if (literal !== null && /\p{L}/u.test(literal) && !TECHNICAL.test(literal))
        report(node, literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded words in the views', () => {
  it('finds a hard-coded word when there is one (the check works)', () => {
    const probe = [
      'export const A = () => (',
      '  <p title="Hello" aria-label={t("tabs_ask")} placeholder="https://searx.example.org">',
      '    Ready · ▸ <b>{x}</b> × <kbd>chrome://extensions/shortcuts</kbd>',
      '    <Field label={"Model"} hint="e.g. llama3.1:8b" />',
      '  </p>',
      ');',
    ].join('\n');
    expect(hardCodedText(join(ROOT, 'probe.tsx'), probe)).toEqual([
      'probe.tsx:2 Hello',
      'probe.tsx:3 Ready · ▸',
      'probe.tsx:4 Model',
      'probe.tsx:4 e.g. llama3.1:8b',
    ]);
  });

  it('writes no JSX text or read attribute with letters in components/ or entrypoints/: they go through t', () => {
    const found = sources(['.tsx']).flatMap((file) => hardCodedText(file));
    expect(found).toEqual([]);
  });
});
