// Coded errors: code paths throw or return a code, the UI and the CLI map it to a sentence a
// person understands, never a stack trace.

import { isRecord } from './guards';
import { excerpt } from './text';

export type ErrorCode =
  | 'question-empty'
  | 'question-too-short'
  | 'question-too-long'
  | 'claim-too-short'
  | 'claim-too-long'
  | 'claim-is-question'
  | 'claim-other-language'
  | 'page-empty'
  | 'page-unreadable'
  | 'page-not-ready'
  | 'page-not-html'
  | 'page-too-large'
  | 'page-fetch-failed'
  | 'page-timeout'
  | 'search-failed'
  | 'search-rate-limited'
  | 'search-timeout'
  | 'search-bad-response'
  | 'search-not-configured'
  | 'model-missing'
  | 'model-corrupt'
  | 'model-download-failed'
  | 'internal'
  | 'kg-rate-limited'
  | 'kg-timeout'
  | 'kg-failed'
  | 'kg-bad-response'
  | 'composer-not-configured'
  | 'composer-bad-url'
  | 'composer-unreachable'
  | 'composer-timeout'
  | 'composer-stalled'
  | 'composer-auth'
  | 'composer-rate-limited'
  | 'composer-model-not-found'
  | 'composer-server-error'
  | 'composer-bad-response'
  | 'composer-too-long'
  | 'composer-forbidden-origin'
  | 'composer-unavailable'
  | 'page-not-cached';

const MESSAGES: Record<ErrorCode, string> = {
  'question-empty': 'Type a question first.',
  'question-too-short': 'That question is too short to search for. Ask in a few words.',
  'question-too-long': 'That text is too long. Shorten it to a single question or claim.',
  'claim-too-short':
    'Select a whole statement to verify: a sentence that says something about someone or something, not a single word.',
  'claim-too-long':
    'That selection is too long to verify as one claim. Select one or two sentences (at most 2,000 characters).',
  'claim-is-question':
    'That is a question, not a claim. Ask it as a question instead, or select a statement to verify.',
  'claim-other-language':
    "Verify claim checks statements in English, or in the page's language when that is French, German, Spanish or Portuguese, and this one looks like it is in another language.",
  'page-empty': 'This page has no readable text to answer from.',
  'page-unreadable':
    "The extension can't read this tab. Browser pages (chrome://), the Chrome Web Store and other extensions are off limits; open a web page and try again.",
  'page-not-ready':
    'Reload this page so the extension can read it: it was open before the extension was installed or updated.',
  'page-not-html': 'That address is not a web page (it is not HTML), so there is nothing to read.',
  'page-too-large': 'That page is too large to read.',
  'page-fetch-failed': 'The page could not be loaded.',
  'page-timeout': 'The page took too long to load.',
  'search-failed': 'Web search failed, so the answer uses this page only.',
  'search-rate-limited':
    'The search service is limiting requests right now; the answer uses this page only. Try again in a minute.',
  'search-timeout': 'Web search took too long, so the answer uses this page only.',
  'search-bad-response':
    'The search service sent a response the extension could not read; the answer uses this page only.',
  'search-not-configured':
    'This search provider needs settings (an instance URL or an API key). Add them in Settings.',
  'model-missing':
    'The ranking models are not installed, so passages are ranked by keywords. Build the extension after `npm run models:fetch` to include them.',
  'model-corrupt':
    'A model file is damaged, so passages are ranked by keywords. Fetch the models again (`npm run models:fetch`) and rebuild, or, for models downloaded in Settings, remove and download them again there.',
  'model-download-failed':
    'The models could not be downloaded. Check the connection and try again.',
  internal: 'Something went wrong inside the extension.',
  'kg-rate-limited':
    'Wikidata is limiting requests right now, so the answer leaves out knowledge-graph facts. Try again in a minute.',
  'kg-timeout': 'Wikidata took too long to answer, so the answer leaves out knowledge-graph facts.',
  'kg-failed': 'Wikidata could not be reached, so the answer leaves out knowledge-graph facts.',
  'kg-bad-response':
    'Wikidata sent a response the extension could not read, so the answer leaves out knowledge-graph facts.',
  // Composer failures: the extractive answer and the evidence are shown instead (compose.ts).
  'composer-not-configured':
    'The composer endpoint needs a base URL and a model name. Add them in Settings.',
  'composer-bad-url':
    'The composer endpoint must be an http:// or https:// address. Fix it in Settings.',
  'composer-unreachable':
    'The composer endpoint could not be reached. Check that the server is running and the address in Settings is right.',
  'composer-timeout': 'The composer endpoint did not start answering in time.',
  'composer-stalled': 'The composer endpoint stopped sending before the answer was complete.',
  'composer-auth':
    'The composer endpoint refused the API key (HTTP 401/403). Check the key in Settings.',
  'composer-rate-limited':
    'The composer endpoint is limiting requests (HTTP 429). Try again in a minute.',
  'composer-model-not-found':
    'The composer endpoint does not have that model. Check the model name in Settings.',
  'composer-server-error': 'The composer endpoint failed with a server error.',
  'composer-bad-response': 'The composer endpoint sent a response the extension could not read.',
  'composer-too-long':
    'The composer answer was longer than the extension accepts, so it was cut off.',
  'composer-forbidden-origin':
    'The composer endpoint refused requests from the extension (HTTP 403). For Ollama, allow the extension in OLLAMA_ORIGINS or let the extension remove the Origin header (Settings grants it when you save).',
  'composer-unavailable': "This browser's built-in model is not available.",
  'page-not-cached':
    'This page could not be read, and there is no saved copy of it to answer from. Reload it when you are online.',
};

export class PipelineError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[code]} (${detail})` : MESSAGES[code]);
    this.name = 'PipelineError';
  }
}

/** Structured-cloneable error shape for messages and Worker replies. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

export function messageFor(code: ErrorCode): string {
  return MESSAGES[code];
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof PipelineError) return { code: error.code, message: error.message };
  if (isErrorInfo(error)) return error;
  return { code: 'internal', message: `${MESSAGES.internal} (${errorText(error, 200)})` };
}

function isErrorInfo(value: unknown): value is ErrorInfo {
  if (!isRecord(value)) return false;
  const { code, message } = value;
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code) && typeof message === 'string';
}

/**
 * The one error-to-text helper: an error (or anything thrown) as one line for a message or a log,
 * with its `cause` when there is one ("fetch failed: connect ECONNREFUSED"), control characters
 * removed, at most `max` characters. Never throws, whatever was thrown.
 */
export function errorText(error: unknown, max = 300): string {
  try {
    if (error instanceof Error) {
      const cause = (error as { cause?: unknown }).cause;
      const text = cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
      return excerpt(text, max);
    }
    if (isRecord(error) && typeof error.message === 'string') return excerpt(error.message, max);
    return excerpt(String(error), max);
  } catch {
    return 'unprintable error';
  }
}
