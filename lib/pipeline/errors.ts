// Coded errors: code paths throw or return a code, the UI and the CLI map it to a sentence a
// person understands (STYLE: coded errors, never a stack trace).

export type ErrorCode =
  | 'question-empty'
  | 'question-too-short'
  | 'question-too-long'
  | 'page-empty'
  | 'page-unreadable'
  | 'page-not-ready'
  | 'page-not-html'
  | 'page-too-large'
  | 'page-fetch-failed'
  | 'page-timeout'
  | 'internal';

const MESSAGES: Record<ErrorCode, string> = {
  'question-empty': 'Type a question first.',
  'question-too-short': 'That question is too short to search for. Ask in a few words.',
  'question-too-long': 'That text is too long. Shorten it to a single question or claim.',
  'page-empty': 'This page has no readable text to answer from.',
  'page-unreadable':
    "The extension can't read this tab. Browser pages (chrome://), the Chrome Web Store and other extensions are off limits; open a web page and try again.",
  'page-not-ready':
    'Reload this page so the extension can read it: it was open before the extension was installed or updated.',
  'page-not-html': 'That address is not a web page (it is not HTML), so there is nothing to read.',
  'page-too-large': 'That page is too large to read.',
  'page-fetch-failed': 'The page could not be loaded.',
  'page-timeout': 'The page took too long to load.',
  internal: 'Something went wrong inside the extension.',
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
  const detail = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `${MESSAGES.internal} (${detail.slice(0, 200)})` };
}

function isErrorInfo(value: unknown): value is ErrorInfo {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && Object.hasOwn(MESSAGES, code) && typeof message === 'string';
}
