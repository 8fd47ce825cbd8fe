// Node CLI on the same pipeline code the extension runs:
//   npm run ask -- --page <file-or-url> "question"
//   npm run ask -- --page <file-or-url> --claim "claim to verify"
//   flags: --json (structured result), --passages (article text and passages, no answer)
//   --page takes HTML or a PDF; quotes from a PDF say their page ("p. 4").

import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { PipelineError } from '../lib/core/errors';
import { runPipeline } from '../lib/ask/run';
import { splitParagraphs } from '../lib/pipeline/split';
import type { AskResult, PageSnapshot, SourcesMode } from '../lib/pipeline/types';
import { storePorts, wikidataPorts } from '../lib/kg/ports';
import { loadModelPorts } from '../lib/models/transformers';
import { createSearchPort } from '../lib/search';
import { createComposerPort } from '../lib/composer';
import {
  DEFAULT_SETTINGS,
  SearchProviders,
  SourcesModes,
  validateSettings,
} from '../lib/settings/schema';
import { loadPage } from './load-page';
import { formatResult } from './format';
import { cliErrorInfo, passagesWithPages, readLoaded, withQuotePages } from './read-page';

const USAGE = `Usage:
  npm run ask -- --page <file-or-url> "question"
  npm run ask -- --page <file-or-url> --claim "claim to verify"
The page is HTML or a PDF (quotes from a PDF give their page: "p. 4").
Options:
  --json                 print the structured result (answer, citations, quotes, verdict, timings)
  --passages             print the extracted article text and the splitter's passages as JSON
  --top <n>              quotes given to the composer (default 5)
  --search <provider>    none (default), wikipedia, searxng (with --searxng-url) or brave (BRAVE_API_KEY)
  --local-results        also read results (and redirects) on loopback or private-network
                         addresses; without it they are skipped, whatever the search service
  --sources <mode>       auto (web when the page falls short; default), page, page+web
  --models <dir>         rank with the MiniLM models in <dir> (e.g. public/models after
                         \`npm run models:fetch\`); without it, keywords (BM25)
  --rerank               also run the larger second-stage reranker (needs its files in <dir>)
  --kg-fixture <file>    knowledge-graph triples from a local Turtle file (in-process Oxigraph)
  --kg <sparql-url>      knowledge-graph triples from a Wikidata-shaped SPARQL endpoint, with
  --kg-search <api-url>  its wbsearchentities endpoint (default https://www.wikidata.org/w/api.php)
  --composer <kind>      extractive (default), openai-compatible or ollama, with
  --endpoint <url>       the endpoint's base URL (e.g. http://127.0.0.1:11434/v1) and
  --model <name>         its model; the API key, if any, comes from COMPOSER_API_KEY
  --min-confidence <l>   low, medium (default) or high: below it the answer is withheld
  --stream               print the composer's answer as it arrives (to stderr)`;

interface Output {
  write(text: string): unknown;
}

export async function main(
  argv: string[],
  out: Output = process.stdout,
  err: Output = process.stderr,
): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        page: { type: 'string' },
        claim: { type: 'string' },
        json: { type: 'boolean', default: false },
        passages: { type: 'boolean', default: false },
        top: { type: 'string' },
        search: { type: 'string', default: 'none' },
        'searxng-url': { type: 'string', default: '' },
        'local-results': { type: 'boolean', default: false },
        sources: { type: 'string', default: 'auto' },
        models: { type: 'string' },
        rerank: { type: 'boolean', default: false },
        'kg-fixture': { type: 'string' },
        kg: { type: 'string' },
        'kg-search': { type: 'string', default: 'https://www.wikidata.org/w/api.php' },
        composer: { type: 'string', default: 'extractive' },
        endpoint: { type: 'string', default: '' },
        model: { type: 'string', default: '' },
        'min-confidence': { type: 'string', default: 'medium' },
        stream: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    err.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    out.write(`${USAGE}\n`);
    return 0;
  }
  if (!values.page) {
    err.write(`Missing --page.\n\n${USAGE}\n`);
    return 2;
  }
  const mode = values.claim !== undefined ? 'verify' : 'answer';
  const question = values.claim ?? positionals.join(' ');
  const topK = values.top === undefined ? undefined : Number.parseInt(values.top, 10);
  if (topK !== undefined && !(topK >= 1 && topK <= 20)) {
    err.write('--top must be a number from 1 to 20.\n');
    return 2;
  }

  if (!(SearchProviders as readonly string[]).includes(values.search!)) {
    err.write(`--search must be one of ${SearchProviders.join(', ')}.\n`);
    return 2;
  }
  if (!(SourcesModes as readonly string[]).includes(values.sources!)) {
    err.write(`--sources must be one of ${SourcesModes.join(', ')}.\n`);
    return 2;
  }
  const composerSettings = validateSettings({
    ...DEFAULT_SETTINGS,
    composer: {
      ...DEFAULT_SETTINGS.composer,
      kind: values.composer,
      endpoint: values.endpoint || DEFAULT_SETTINGS.composer.endpoint,
      model: values.model,
      apiKey: process.env.COMPOSER_API_KEY ?? '',
      minConfidence: values['min-confidence'],
    },
  });
  if (!composerSettings.ok || composerSettings.settings.composer.kind === 'chrome-prompt') {
    const errors = composerSettings.ok
      ? { 'composer.kind': 'the built-in model exists only in Chrome' }
      : composerSettings.errors;
    err.write(
      `${Object.entries(errors)
        .map(([path, message]) => `--${path.split('.')[1]}: ${message}`)
        .join('\n')}\n`,
    );
    return 2;
  }
  const composerConfig = composerSettings.settings.composer;
  const composer = createComposerPort(composerConfig, { fetch: (url, init) => fetch(url, init) });

  const search = createSearchPort(
    {
      provider: values.search as (typeof SearchProviders)[number],
      searxngUrl: values['searxng-url']!,
      braveApiKey: process.env.BRAVE_API_KEY ?? '',
      allowLocalResults: values['local-results'],
    },
    { fetch: (url, init) => fetch(url, init) },
  );

  try {
    const started = performance.now();
    const loaded = await loadPage(values.page);
    const page: PageSnapshot = await readLoaded(
      loaded,
      (line) => void err.write(`Note: ${line}\n`),
    );
    const readMs = performance.now() - started;

    if (values.passages) {
      const split = splitParagraphs(page.blocks, page.lang ? { lang: page.lang } : {});
      const passages = passagesWithPages(split, page);
      const text = page.blocks.map((b) => b.text).join('\n\n');
      const { url, title, extractor, truncated, pageCount } = page;
      out.write(
        `${JSON.stringify({ url, title, extractor, truncated, ...(pageCount ? { pageCount } : {}), text, passages }, null, 2)}\n`,
      );
      return 0;
    }
    if (page.blocks.length === 0) throw new PipelineError('page-empty');

    const models = values.models
      ? await loadModelPorts({
          localModelPath: values.models,
          device: 'cpu',
          roles: values.rerank
            ? ['cross-encoder', 'bi-encoder', 'reranker']
            : ['cross-encoder', 'bi-encoder'],
        })
      : {
          unavailableReason: 'No --models folder given, so passages are ranked by keywords (BM25).',
        };
    const kg = values['kg-fixture']
      ? await fixturePorts(values['kg-fixture'])
      : values.kg
        ? wikidataPorts(
            { sparqlEndpoint: values.kg, entitySearchEndpoint: values['kg-search']! },
            { fetch: (url, init) => fetch(url, init) },
          )
        : null;
    const answered: AskResult = await runPipeline(
      { mode, question, page, sources: values.sources as SourcesMode, ...(topK ? { topK } : {}) },
      {
        search,
        models,
        kg,
        retrieve: { rerank: values.rerank! },
        composer,
        minConfidence: composerConfig.minConfidence,
        ...(values.stream ? { onToken: (delta: string) => void err.write(delta) } : {}),
      },
    );
    if ('dispose' in models) await models.dispose();
    const result = withQuotePages(answered, page);
    result.timings.read = readMs;
    out.write(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatResult(result));
    return 0;
  } catch (error) {
    const info = cliErrorInfo(error);
    if (values.json) out.write(`${JSON.stringify({ error: info }, null, 2)}\n`);
    err.write(`Error: ${info.message}\n`);
    return info.code === 'internal' ? 1 : 2;
  }
}

/** Loads a Turtle file into an in-process Oxigraph store: the offline knowledge graph. */
async function fixturePorts(path: string) {
  const { Store } = await import('oxigraph');
  const store = new Store();
  try {
    store.load(await readFile(path, 'utf8'), { format: 'text/turtle' });
  } catch (error) {
    throw new PipelineError('kg-failed', `${path}: ${(error as Error).message}`);
  }
  return storePorts(store);
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('ask.ts')) {
  void main(process.argv.slice(2)).then((code) => process.exit(code));
}
