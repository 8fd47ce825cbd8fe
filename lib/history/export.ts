// Export and import of the answer history (the `answers` table of lib/cache/db.ts).
//
// JSON is the lossless format: `parseImport(exportJson(records))` gives the records back, less
// their ids. Markdown is for people: a readable record of what was asked, answered and cited.
// A thread is one record: its first turn, then its follow-ups in the order asked (`followUps`).
//
// An import file is untrusted input (docs/SECURITY.md, properties 8 and 16): it is size-checked
// before parsing, the envelope and every answer are validated against valibot schemas that
// iterate the schema's keys, not the file's (so `__proto__` and unknown keys never survive),
// strings and lists are capped, URLs must be http(s), and a bad answer is skipped and counted
// instead of failing the whole file.

import { redactAddresses } from '../core/net';
import { MAX_TITLE_CHARS } from '../core/text';
import * as v from 'valibot';
import { MAX_FOLLOW_UPS, type AnswerRecord, type FollowUpTurn } from '../cache/db';
import { toErrorInfo, type ErrorCode } from '../core/errors';
import { field, parseJson } from '../core/guards';
import { MAX_QUESTION_CHARS } from '../pipeline/question';
import type { AskResult, Quote, StageName, Verdict } from '../pipeline/types';
import { ComposerKinds, ConfidenceLevels, isHttpUrl } from '../settings/schema';
import { questionKey } from './question';
import { t, tn } from '../core/i18n';

export const EXPORT_FORMAT = 'answer-panel-history';
/**
 * Version 2: this layout. Version 1 had no `followUps` (every answer alone) and is read as is. A
 * later version adds fields or changes shapes; this code refuses it.
 */
export const EXPORT_VERSION = 2;
/**
 * Import size cap. A thousand answers with their quotes, sent prompts and 384-float question
 * vectors take about 15–25 MB of JSON; 50 MB leaves room while keeping JSON.parse and validation
 * in the panel to a second or two and bounded memory.
 */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/** Skipped answers get one reason each, up to this many: a broken file must not flood the panel. */
const MAX_REASONS = 20;

// ---- JSON export -------------------------------------------------------------------------------

/** An exported answer: the record without `id` (the importing database assigns its own) and
 *  without `questionKey` (derived, recomputed on import), with the vector as plain numbers. */
type ExportedAnswer = Omit<AnswerRecord, 'id' | 'questionKey' | 'questionVector' | 'followUps'> & {
  questionVector?: { modelId: string; vector: number[] };
  followUps?: Array<Omit<FollowUpTurn, 'questionKey'>>;
};

/**
 * The history as JSON. Question vectors are kept (as number arrays: a float32 widened to a double
 * prints exactly and reads back to the same float32), so imported answers stay findable by
 * meaning without re-embedding. Compact, not indented: vectors would be one number per line;
 * the Markdown export is the readable one.
 */
export function exportJson(records: readonly AnswerRecord[], now: number): string {
  const answers: ExportedAnswer[] = records.map(
    ({ id: _id, questionKey: _key, questionVector, configKey, followUps, ...rest }) => ({
      ...rest,
      ...(followUps && followUps.length > 0
        ? { followUps: followUps.map(({ questionKey: _turnKey, ...turn }) => turn) }
        : {}),
      // Answers saved before addresses were stored without query strings may still hold one.
      ...(configKey ? { configKey: redactAddresses(configKey) } : {}),
      ...(questionVector
        ? {
            questionVector: {
              modelId: questionVector.modelId,
              vector: Array.from(questionVector.vector),
            },
          }
        : {}),
    }),
  );
  return JSON.stringify({
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date(now).toISOString(),
    answers,
  });
}

// ---- import schema -----------------------------------------------------------------------------
// Caps are generous multiples of what the pipeline produces (quotes of ≤ 128 tokens, top 5 quotes,
// answers of a few sentences) and match the message protocol's where they overlap.

/** Chrome's own limit on a URL: any page the browser opened can be saved and imported again. */
const MAX_URL = 2 * 1024 * 1024;
const MAX_LABEL = MAX_TITLE_CHARS;
const MAX_TEXT = 20_000;

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const Num = v.pipe(v.number(), v.finite());
const Count = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER));
/** Issued citation IDs are 1-based and small (the protocol's cap). */
const CitationId = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(999));
const HttpUrl = v.pipe(
  v.string(),
  v.maxLength(MAX_URL),
  v.check(isHttpUrl, 'must be an http:// or https:// address'),
);
const WikidataUrl = v.pipe(
  v.string(),
  v.regex(
    /^https:\/\/www\.wikidata\.org\/wiki\/(?:Property:)?[PQL]\d{1,12}$/,
    'must be a Wikidata entity address',
  ),
);
const List = <T extends v.GenericSchema>(item: T, max: number) =>
  v.pipe(v.array(item), v.maxLength(max));

/** An error code this version does not know (from a newer one) becomes `internal`: the message is kept. */
const ErrorInfoSchema = v.object({
  code: v.pipe(
    v.string(),
    v.maxLength(64),
    v.transform((code): ErrorCode => toErrorInfo({ code, message: '' }).code),
  ),
  message: Text(MAX_LABEL),
});

const QuoteSourceSchema = v.object({
  kind: v.picklist(['page', 'search', 'kg']),
  url: HttpUrl,
  title: Text(MAX_LABEL),
  section: v.optional(Text(MAX_LABEL)),
  blockIndex: Count,
  blockKind: v.picklist(['paragraph', 'lines', 'table']),
  link: v.optional(HttpUrl),
  position: v.object({ block: Count, of: Count }),
  page: v.optional(Count),
});

const QuoteSchema = v.object({
  id: CitationId,
  passageId: Text(200),
  text: Text(MAX_TEXT),
  origin: v.picklist(['splitter', 'evidence']),
  score: Num,
  filterScore: v.optional(Num),
  rerankScore: v.optional(Num),
  // Shown as Wikidata lines with links: an imported file may not point them anywhere else.
  kgLines: v.optional(List(v.object({ text: Text(MAX_LABEL), url: WikidataUrl }), 1000)),
  coverage: Num,
  weak: v.optional(v.boolean()),
  answerSpan: v.optional(v.object({ start: Count, end: Count, by: v.optional(Text(200)) })),
  source: QuoteSourceSchema,
});

const ConflictSchema = v.object({
  kind: v.picklist(['number', 'date', 'unit', 'negation', 'antonym', 'entity', 'quantifier']),
  claim: Text(MAX_LABEL),
  page: Text(MAX_LABEL),
  claimStart: Count,
  claimEnd: Count,
  pageStart: Count,
  pageEnd: Count,
});

const AnswerSchema = v.object({
  text: Text(MAX_TEXT),
  sentences: List(v.object({ text: Text(MAX_TEXT), citations: List(CitationId, 50) }), 500),
  cited: List(CitationId, 50),
  droppedCitations: Count,
  composer: v.picklist(ComposerKinds),
  composerLabel: v.optional(Text(500)),
  answered: v.boolean(),
  confidence: v.optional(v.picklist(ConfidenceLevels)),
  withheld: v.optional(v.boolean()),
  fallback: v.optional(v.object({ from: Text(500), reason: ErrorInfoSchema })),
  checks: List(
    v.object({
      sentence: Count,
      quoteId: CitationId,
      supported: v.boolean(),
      outcome: v.optional(v.picklist(['supported', 'contradicted', 'not-found'])),
      flagged: v.optional(v.boolean()),
      conflicts: v.optional(List(ConflictSchema, 50)),
      missing: v.optional(List(Text(MAX_LABEL), 50)),
      score: Num,
      method: v.picklist(['cross-encoder', 'lexical', 'nli']),
    }),
    2000,
  ),
  // The prompt holds the quotes (≤ 50 of ≤ 20 000 characters) and the KG lines.
  sent: v.optional(
    v.object({
      system: Text(50_000),
      user: Text(1_100_000),
      quotes: List(
        v.object({
          id: CitationId,
          kind: v.picklist(['page', 'search', 'kg']),
          text: Text(MAX_TEXT),
        }),
        50,
      ),
    }),
  ),
  notes: v.optional(List(Text(MAX_LABEL), 50)),
});

const VerdictLabels = ['supported', 'refuted', 'not-enough-evidence'] as const;
const VerdictSchema = v.object({
  label: v.picklist(VerdictLabels),
  confidence: v.picklist(ConfidenceLevels),
  decidedBy: v.picklist(['evidence-scores', 'composer']),
  modelLabel: v.optional(v.picklist(VerdictLabels)),
  quoteIds: List(CitationId, 50),
  bestCoverage: Num,
  threshold: Num,
  method: v.optional(v.picklist(['rules', 'nli', 'model'])),
  meaningChecked: v.optional(v.boolean()),
  summary: v.optional(Text(MAX_LABEL)),
  sentence: v.optional(
    v.object({ quoteId: CitationId, text: Text(MAX_TEXT), start: Count, end: Count }),
  ),
  conflicts: v.optional(List(ConflictSchema, 50)),
  figures: v.optional(v.boolean()),
  problem: v.optional(
    v.object({
      reason: v.picklist(['one-word', 'too-long', 'question', 'language']),
      message: Text(MAX_LABEL),
    }),
  ),
});

// Every stage name, checked against the type both ways so a new stage cannot be forgotten here.
const STAGES = [
  'read',
  'models',
  'kg',
  'split',
  'search',
  'rank',
  'compose',
  'check',
] as const satisfies readonly StageName[];
type MissingStage = Exclude<StageName, (typeof STAGES)[number]>;
const _allStages: [MissingStage] extends [never] ? true : MissingStage = true;
void _allStages;
/** Named keys, not a record: a file's arbitrary keys (`__proto__` included) never get in. */
const TimingsSchema = v.object(
  Object.fromEntries(STAGES.map((stage) => [stage, v.optional(Num)])) as Record<
    StageName,
    v.OptionalSchema<typeof Num, undefined>
  >,
);

const AskResultSchema = v.object({
  mode: v.picklist(['answer', 'verify']),
  question: Text(MAX_QUESTION_CHARS),
  answer: AnswerSchema,
  // The pipeline sends the top 5 (EWEK-QA §A.1); 50 is the protocol's highlight cap.
  quotes: List(QuoteSchema, 50),
  verdict: v.optional(VerdictSchema),
  timings: TimingsSchema,
  passageCount: Count,
  page: v.object({
    url: HttpUrl,
    title: Text(MAX_LABEL),
    extractor: v.picklist(['readability', 'body', 'pdf']),
    truncated: v.boolean(),
  }),
  retrieval: v.object({
    path: v.picklist(['neural', 'keyword']),
    notes: List(Text(MAX_LABEL), 50),
    device: v.optional(v.picklist(['webgpu', 'wasm', 'cpu'])),
    models: v.object({
      filter: v.optional(Text(200)),
      reranker: v.optional(Text(200)),
      embedder: v.optional(Text(200)),
      nli: v.optional(Text(200)),
      reader: v.optional(Text(200)),
    }),
    multilingual: v.optional(v.literal(true)),
    summary: v.optional(v.literal(true)),
    sources: List(
      v.object({
        kind: v.picklist(['page', 'search']),
        url: HttpUrl,
        title: Text(MAX_LABEL),
        quoted: v.boolean(),
      }),
      100,
    ),
    webSearched: v.boolean(),
    counts: v.object({
      candidates: Count,
      firstStage: Count,
      filtered: Count,
      deduplicated: Count,
      quotes: Count,
    }),
  }),
  kg: v.optional(
    v.object({
      topicEntities: List(
        v.object({
          id: Text(50),
          label: Text(MAX_LABEL),
          description: v.optional(Text(MAX_LABEL)),
        }),
        50,
      ),
      triples: Count,
      requests: Count,
      notes: List(Text(MAX_LABEL), 50),
    }),
  ),
});

/** Latest time a Date can hold: a larger `createdAt` could not be shown or exported. */
const MAX_TIME = 8.64e15;

const Question = v.pipe(
  v.string(),
  v.maxLength(MAX_QUESTION_CHARS),
  v.check((q) => questionKey(q) !== '', 'is empty'),
);
const Mode = v.picklist(['answer', 'verify']);
// A SHA-256 in hex is 64 characters.
const PageHash = Text(128);
const CreatedAt = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_TIME));

/** A thread's later turn, checked like the first. */
const ImportedFollowUpSchema = v.pipe(
  v.object({
    mode: Mode,
    question: Question,
    pageHash: PageHash,
    result: AskResultSchema,
    createdAt: CreatedAt,
  }),
  // The panel shows each turn by its result's mode: the two must agree.
  v.check((turn) => turn.mode === turn.result.mode, 'mode does not match its result'),
);

const ImportedAnswerSchema = v.pipe(
  v.object({
    mode: Mode,
    question: Question,
    pageUrl: HttpUrl,
    pageHash: PageHash,
    pageTitle: Text(MAX_LABEL),
    result: AskResultSchema,
    createdAt: CreatedAt,
    followUps: v.optional(List(ImportedFollowUpSchema, MAX_FOLLOW_UPS)),
    // Opaque (JSON of the settings that shaped the answer), only compared for equality: kept so an
    // imported answer is an exact hit only under the same settings, as it was where it was made.
    configKey: v.optional(Text(10_000)),
    questionVector: v.optional(
      v.object({
        modelId: Text(200),
        // MiniLM gives 384 dimensions; large models up to 4096.
        vector: v.pipe(
          List(Num, 4096),
          v.minLength(1),
          v.transform((numbers) => Float32Array.from(numbers)),
        ),
      }),
    ),
  }),
  // findSimilar filters on the record's mode and the panel shows the result's: they must agree.
  v.check((record) => record.mode === record.result.mode, 'mode does not match its result'),
);

/**
 * The envelope, field by field: each failure has its own answer (not ours, damaged, newer). Its
 * fields are read as own keys of a plain object (`field`), never inherited ones.
 */
const FormatSchema = v.literal(EXPORT_FORMAT);
const VersionSchema = v.pipe(v.number(), v.integer(), v.minValue(1));
/** Each answer is checked on its own (ImportedAnswerSchema), so one bad answer skips only itself. */
const AnswerListSchema = v.array(v.unknown());

// ---- import ------------------------------------------------------------------------------------

export type ImportErrorCode =
  'too-large' | 'not-json' | 'not-history' | 'newer-version' | 'damaged';

export type ImportResult =
  | { ok: true; records: Array<Omit<AnswerRecord, 'id'>>; skipped: number; reasons: string[] }
  | { ok: false; code: ImportErrorCode; error: string };

type ImportFailure = Extract<ImportResult, { ok: false }>;

/**
 * Reads an export made by exportJson. Never throws. Refuses the whole file only when it is too
 * large, not JSON, not ours or from a newer version; otherwise returns every valid answer and
 * counts the rest, with a short reason each (`answer 3: result.quotes.0.source.url: must be an
 * http:// or https:// address`).
 */
export function parseImport(text: string, options: { maxBytes?: number } = {}): ImportResult {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_BYTES;
  // Before anything else touches the text: UTF-8 takes at least one byte per UTF-16 unit, so a
  // string longer than the cap is over it without counting.
  if (text.length > maxBytes || utf8Length(text, maxBytes) > maxBytes) {
    return fail('too-large', t('import_too_large', formatBytes(maxBytes)));
  }
  // Editors may save a byte order mark, which JSON.parse refuses.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') return fail('not-json', t('import_empty'));
  // JSON text never parses to undefined: undefined means it is not JSON.
  const doc = parseJson(body);
  if (doc === undefined) return fail('not-json', t('import_not_json'));
  const answers = readEnvelope(doc);
  return Array.isArray(answers) ? parseAnswers(answers) : answers;
}

/** The envelope's list of answers, or why the whole file is refused. */
function readEnvelope(doc: unknown): unknown[] | ImportFailure {
  if (!v.is(FormatSchema, field(doc, 'format')))
    return fail('not-history', t('import_not_history'));
  const version = field(doc, 'version');
  if (!v.is(VersionSchema, version)) {
    return fail('damaged', t('import_no_version'));
  }
  if (version > EXPORT_VERSION) {
    return fail('newer-version', t('import_newer_version', version));
  }
  const answers = field(doc, 'answers');
  if (!v.is(AnswerListSchema, answers)) return fail('damaged', t('import_no_answers'));
  return answers;
}

/** Every valid answer as a record; the rest skipped, with a reason each up to MAX_REASONS. */
function parseAnswers(answers: readonly unknown[]): ImportResult {
  const records: Array<Omit<AnswerRecord, 'id'>> = [];
  const reasons: string[] = [];
  let skipped = 0;
  answers.forEach((entry, index) => {
    const parsed = v.safeParse(ImportedAnswerSchema, entry, { abortEarly: true });
    if (parsed.success) {
      // questionKey is derived here, never read from the file: the exact-match index must agree
      // with this version's normalisation whatever the file says.
      const { followUps, ...first } = parsed.output;
      records.push({
        ...first,
        questionKey: questionKey(first.question),
        ...(followUps && followUps.length > 0
          ? { followUps: followUps.map((t) => ({ ...t, questionKey: questionKey(t.question) })) }
          : {}),
      });
      return;
    }
    skipped++;
    if (reasons.length < MAX_REASONS) reasons.push(reasonFor(index, parsed.issues[0]));
  });
  if (skipped > reasons.length)
    reasons.push(`… and ${skipped - reasons.length} more answers skipped.`);
  return { ok: true, records, skipped, reasons };
}

/** `answer 3: result.quotes.0.source.url: must be an http:// or https:// address`, capped. */
function reasonFor(index: number, issue: v.GenericIssue): string {
  const path = v.getDotPath(issue);
  return `answer ${index + 1}: ${path ? `${path}: ` : ''}${issue.message}`.slice(0, 300);
}

function fail(code: ImportErrorCode, error: string): ImportFailure {
  return { ok: false, code, error };
}

/** UTF-8 length of `text`, counting stops once past `limit` (nothing past it changes the answer). */
function utf8Length(text: string, limit: number): number {
  // Every UTF-16 unit is at most 3 UTF-8 bytes: short enough texts need no count.
  if (text.length * 3 <= limit) return text.length;
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    // A surrogate pair is 4 bytes in all: 2 for each half.
    else if (c >= 0xd800 && c <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / (1024 * 1024))} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} bytes`;
}

// ---- Markdown export ---------------------------------------------------------------------------
//
// Every page-derived string (questions are typed or selected on pages, titles, quotes, KG labels,
// notes, the model's answer) goes through escapeLine/escapeInline: a page must not be able to add
// headings, links, images, code blocks or raw HTML to the file (docs/SECURITY.md, property 4).
// Links we write ourselves are `https:` only and their targets percent-encode anything that could
// end them. Renderers with GFM autolinks may still turn a bare http(s) URL in the text into a
// link; those can only be http(s), never `javascript:` or `data:`.

/**
 * A readable record of the history: per answer the question, page, date, composer, verdict, the
 * answer with its [n] markers (⚠ where the quote says otherwise), the check summary, then the
 * numbered quotes with their sources.
 */
export function exportMarkdown(records: readonly AnswerRecord[], now: number): string {
  const out: string[] = [
    `# ${t('export_title')}`,
    '',
    tn(records.length, 'export_intro_one', 'export_intro_other', formatDate(now)),
  ];
  for (const record of records) out.push('', '---', '', ...answerMarkdown(record));
  return out.join('\n') + '\n';
}

function answerMarkdown(record: AnswerRecord): string[] {
  const followUps = record.followUps ?? [];
  const lines = [
    `## ${escapeHeading(record.question)}`,
    '',
    ...metadataLines(record),
    ...(followUps.length > 0 ? [`- ${t('export_thread', followUps.length + 1)}`] : []),
    '',
    ...answerLines(record),
    ...checkLines(record.result.answer),
    ...quoteLines(record.result.quotes),
    ...followUps.flatMap((turn, i) => followUpMarkdown(turn, i + 2)),
  ];
  while (lines.at(-1) === '') lines.pop();
  return lines;
}

/** A thread's later turn: its question as a subheading, when it was asked, its answer and quotes. */
function followUpMarkdown(turn: FollowUpTurn, position: number): string[] {
  return [
    '',
    `### ${position}. ${escapeHeading(turn.question)}`,
    '',
    `- ${t('export_asked', formatDate(turn.createdAt))}`,
    `- ${turn.mode === 'verify' ? t('export_mode_claim') : t('export_mode_question')}`,
    '',
    ...answerLines(turn),
    ...checkLines(turn.result.answer),
    ...quoteLines(turn.result.quotes),
  ];
}

/** The list under the heading: page, date, mode, composer, verdict, model confidence. */
function metadataLines(record: AnswerRecord): string[] {
  const { answer, verdict } = record.result;
  const lines = [
    `- ${t('export_page', link(record.pageTitle || record.pageUrl, record.pageUrl))}`,
    `- ${t('export_asked', formatDate(record.createdAt))}`,
    `- ${record.mode === 'verify' ? t('export_mode_claim') : t('export_mode_question')}`,
    `- ${t('export_composer', `${escapeInline(answer.composer)}${answer.composerLabel ? ` (${escapeInline(answer.composerLabel)})` : ''}`)}`,
  ];
  if (verdict) {
    const label = exportedVerdict(verdict.label);
    const level = exportedConfidence(verdict.confidence);
    lines.push(
      `- ${
        verdict.decidedBy === 'composer'
          ? t('export_verdict_by_model', label, level)
          : t('export_verdict_by_scores', label, level)
      }`,
    );
  }
  if (answer.confidence)
    lines.push(`- ${t('export_model_confidence', exportedConfidence(answer.confidence))}`);
  return lines;
}

function exportedVerdict(label: Verdict['label']): string {
  if (label === 'supported') return t('export_label_supported');
  if (label === 'refuted') return t('export_label_refuted');
  return t('export_label_not_enough_evidence');
}

/** A confidence level in words; a level this version does not know, as it was saved. */
function exportedConfidence(level: string): string {
  if (level === 'low') return t('confidence_low');
  if (level === 'medium') return t('confidence_medium');
  if (level === 'high') return t('confidence_high');
  return level;
}

/** The answer, after why it is the extractive one or was withheld, when it was. */
function answerLines(record: Pick<AnswerRecord, 'result'>): string[] {
  const { answer } = record.result;
  const lines: string[] = [];
  if (answer.fallback) {
    lines.push(
      `${escapeLine(`${answer.fallback.from}: ${oneLine(answer.fallback.reason.message)}`)} ${t('export_fallback')}`,
      '',
    );
  }
  if (answer.withheld) lines.push(t('export_withheld'), '');
  lines.push(...answerText(record), '');
  return lines;
}

/** The citation checks' summary, removed citations and the pipeline's notes. */
function checkLines(answer: AskResult['answer']): string[] {
  const lines: string[] = [];
  const supported = answer.checks.filter((c) => c.supported);
  // ⚠ only where the quote says otherwise or lacks a name or number; "not found" is neutral.
  // (Records from before `flagged` existed marked every unsupported citation.)
  const flagged = answer.checks.filter((c) => !c.supported && (c.flagged ?? true));
  if (answer.checks.length > 0) {
    const failed = flagged
      .map((c) => t('export_flagged_sentence', c.sentence + 1, c.quoteId))
      .join(', ');
    const checked = tn(
      answer.checks.length,
      'checks_line_one',
      'checks_line_other',
      supported.length,
    );
    lines.push(checked + (flagged.length > 0 ? `; ${t('export_flagged', failed)}` : '.'), '');
  }
  if (answer.droppedCitations > 0) {
    lines.push(tn(answer.droppedCitations, 'answer_dropped_one', 'answer_dropped_other'), '');
  }
  for (const note of answer.notes ?? []) lines.push(escapeLine(note), '');
  return lines;
}

/** The numbered quotes with their sources, under their own heading. */
function quoteLines(quotes: readonly Quote[]): string[] {
  if (quotes.length === 0) return [];
  return [`### ${t('export_quotes')}`, '', ...quotes.flatMap(quoteMarkdown)];
}

function quoteMarkdown(quote: Quote): string[] {
  const source = quote.source;
  const where = [link(source.title || source.url, source.url)];
  if (source.section) where.push(t('export_section', escapeInline(oneLine(source.section))));
  if (source.kind !== 'kg')
    where.push(
      // Only the asked page can be a PDF (result pages are read as HTML).
      source.kind === 'page' && source.page !== undefined
        ? t('quote_pdf_page', source.page)
        : t('quote_paragraph_of', source.position.block, source.position.of),
    );
  if (source.link && safeHref(source.link))
    where.push(link(t('export_open_at_quote'), source.link));
  const lines = [`**[${quote.id}]** ${where.join(' · ')}`, ''];
  if (quote.kgLines && quote.kgLines.length > 0) {
    // escapeLine: a list item's content is block content ("- # x" is a heading in a list).
    for (const kg of quote.kgLines)
      lines.push(`- ${escapeLine(oneLine(kg.text))} · ${link('Wikidata', kg.url)}`);
  } else {
    for (const line of quote.text.split('\n'))
      lines.push(line.trim() === '' ? '>' : `> ${escapeLine(line)}`);
  }
  lines.push('');
  return lines;
}

/** The answer as the panel shows it: each sentence, then its markers; ⚠ on flagged ones. */
function answerText(record: Pick<AnswerRecord, 'result'>): string[] {
  const { answer } = record.result;
  if (answer.sentences.length === 0) {
    const text = answer.text.split('\n').filter((line) => line.trim() !== '');
    return text.length > 0 ? text.map(escapeLine) : [t('export_no_answer')];
  }
  const sentences = answer.sentences.map((sentence, i) => {
    const markers = sentence.citations.map((id) => {
      const check = answer.checks.find((c) => c.sentence === i && c.quoteId === id);
      return check && !check.supported && (check.flagged ?? true) ? `[${id}]⚠` : `[${id}]`;
    });
    return [escapeInline(oneLine(sentence.text)), ...markers].join(' ');
  });
  // Already escaped inline (the markers must stay unescaped): only the line start is left.
  return [escapeLineStart(sentences.join(' '))];
}

// `[12]` citation markers stay readable; a bracket is escaped when it could open a link or
// reference definition: markers followed by `(`, `[` or `:` and every other bracket.
const MARKER_OR_BRACKET = /\[\d{1,4}\](?![([:])|[[\]]/g;

/** U+0000–U+001F and U+007F, less tab, line feed and carriage return. */
const CONTROL_CHARS = /(?![\t\n\r\u0080-\u009F])\p{Cc}/gu;

/** Escapes Markdown inline syntax and HTML in one line of untrusted text. */
export function escapeInline(text: string): string {
  return (
    text
      // Control characters have no business in Markdown and some renderers mishandle them:
      // C0 controls and DEL, except tab and line breaks (C1 controls, U+0080–U+009F, are kept).
      .replace(CONTROL_CHARS, '')
      // Emphasis, code spans, strikethrough, table cells, and the escape character itself.
      .replace(/[\\`*_~|]/g, '\\$&')
      // HTML: tags, comments and autolinks all start with `<`; `&` so that "&lt;" in a page stays
      // literal text instead of turning into a character.
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(MARKER_OR_BRACKET, (match) => (match.length > 1 ? match : `\\${match}`))
  );
}

/** escapeInline plus what only matters at the start of a line: headings, lists, setext underlines, indented code. */
export function escapeLine(text: string): string {
  return escapeLineStart(escapeInline(text.trim()));
}

/** The line-start part of escapeLine, for text escapeInline has already been through. */
function escapeLineStart(escaped: string): string {
  const line = /^[#+=-]/.test(escaped) ? `\\${escaped}` : escaped;
  return line.replace(/^(\d{1,9})([.)])/, '$1\\$2');
}

/** Heading content is inline text, except that `#`s ending it close the heading: escape them all. */
function escapeHeading(text: string): string {
  // escapeInline never writes a `#` itself, so none of these is escaped twice.
  return escapeInline(oneLine(text)).replace(/#/g, '\\#');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `[text](url)` for an https URL; escaped text and the URL as text otherwise (never a link). */
function link(text: string, url: string): string {
  const href = safeHref(url);
  const label = escapeInline(oneLine(text)) || 'link';
  return href
    ? `[${label}](${href})`
    : url === text
      ? label
      : `${label} (${escapeInline(oneLine(url))})`;
}

/** An https URL as a link target: parsed and re-serialised, with `( ) < > \` percent-encoded. */
function safeHref(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.hostname === '') return null;
  return parsed.href.replace(
    /[()<>\\\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

function formatDate(ms: number): string {
  const date = new Date(ms);
  // A corrupt record must not make the whole export throw (toISOString throws on an invalid date).
  if (!Number.isFinite(date.getTime())) return t('export_unknown_date');
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Compile-time check that what the import returns (keys added) is an AnswerRecord. */
type Parsed = v.InferOutput<typeof ImportedAnswerSchema>;
type Imported = Omit<Parsed, 'followUps'> & {
  questionKey: string;
  followUps?: Array<NonNullable<Parsed['followUps']>[number] & { questionKey: string }>;
};
const _assignable: (x: Imported) => Omit<AnswerRecord, 'id'> = (x) => x;
void _assignable;
