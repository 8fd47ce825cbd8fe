// Coded errors: code paths throw or return a code, the UI and the CLI map it to a sentence a
// person understands, never a stack trace.

import { isRecord } from './guards';
import { t } from './i18n';
import { PDF_MAX_MB, PDF_MAX_PAGES } from './limits';
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
  | 'page-no-access'
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
  | 'page-not-cached'
  | 'pdf-too-large'
  | 'pdf-too-many-pages'
  | 'pdf-encrypted'
  | 'pdf-corrupt'
  | 'pdf-no-text'
  | 'pdf-no-access'
  | 'pdf-no-file-access'
  | 'pdf-fetch-failed';

/** Each code's sentence, looked up when the error is made (in the language bound then). */
const MESSAGES: Record<ErrorCode, () => string> = {
  'question-empty': () => t('error_question_empty'),
  'question-too-short': () => t('error_question_too_short'),
  'question-too-long': () => t('error_question_too_long'),
  'claim-too-short': () => t('error_claim_too_short'),
  'claim-too-long': () => t('error_claim_too_long'),
  'claim-is-question': () => t('error_claim_is_question'),
  'claim-other-language': () => t('error_claim_other_language'),
  'page-empty': () => t('error_page_empty'),
  'page-unreadable': () => t('error_page_unreadable'),
  'page-not-ready': () => t('error_page_not_ready'),
  'page-no-access': () => t('error_page_no_access'),
  'page-not-html': () => t('error_page_not_html'),
  'page-too-large': () => t('error_page_too_large'),
  'page-fetch-failed': () => t('error_page_fetch_failed'),
  'page-timeout': () => t('error_page_timeout'),
  'search-failed': () => t('error_search_failed'),
  'search-rate-limited': () => t('error_search_rate_limited'),
  'search-timeout': () => t('error_search_timeout'),
  'search-bad-response': () => t('error_search_bad_response'),
  'search-not-configured': () => t('error_search_not_configured'),
  'model-missing': () => t('error_model_missing'),
  'model-corrupt': () => t('error_model_corrupt'),
  'model-download-failed': () => t('error_model_download_failed'),
  internal: () => t('error_internal'),
  'kg-rate-limited': () => t('error_kg_rate_limited'),
  'kg-timeout': () => t('error_kg_timeout'),
  'kg-failed': () => t('error_kg_failed'),
  'kg-bad-response': () => t('error_kg_bad_response'),
  // Composer failures: the extractive answer and the evidence are shown instead (compose.ts).
  'composer-not-configured': () => t('error_composer_not_configured'),
  'composer-bad-url': () => t('error_composer_bad_url'),
  'composer-unreachable': () => t('error_composer_unreachable'),
  'composer-timeout': () => t('error_composer_timeout'),
  'composer-stalled': () => t('error_composer_stalled'),
  'composer-auth': () => t('error_composer_auth'),
  'composer-rate-limited': () => t('error_composer_rate_limited'),
  'composer-model-not-found': () => t('error_composer_model_not_found'),
  'composer-server-error': () => t('error_composer_server_error'),
  'composer-bad-response': () => t('error_composer_bad_response'),
  'composer-too-long': () => t('error_composer_too_long'),
  'composer-forbidden-origin': () => t('error_composer_forbidden_origin'),
  'composer-unavailable': () => t('error_composer_unavailable'),
  'page-not-cached': () => t('error_page_not_cached'),
  // A PDF that cannot be read: what is wrong (lib/pdf's sentence), then what the reader can do.
  'pdf-too-large': () => `${t('pdf_error_too_large', PDF_MAX_MB)} ${t('pdf_hint_too_large')}`,
  'pdf-too-many-pages': () =>
    `${t('pdf_error_too_many_pages', PDF_MAX_PAGES)} ${t('pdf_hint_too_large')}`,
  'pdf-encrypted': () => `${t('pdf_error_encrypted')} ${t('pdf_hint_encrypted')}`,
  'pdf-corrupt': () => `${t('pdf_error_corrupt')} ${t('pdf_hint_corrupt')}`,
  'pdf-no-text': () => t('pdf_error_no_text'),
  'pdf-no-access': () => t('pdf_hint_no_access'),
  'pdf-no-file-access': () => t('pdf_hint_no_file_access'),
  'pdf-fetch-failed': () => t('pdf_hint_fetch_failed'),
};

export class PipelineError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail?: string,
  ) {
    super(detail ? `${MESSAGES[code]()} (${detail})` : MESSAGES[code]());
    this.name = 'PipelineError';
  }
}

/** Structured-cloneable error shape for messages and Worker replies. */
export interface ErrorInfo {
  code: ErrorCode;
  message: string;
}

export function messageFor(code: ErrorCode): string {
  return MESSAGES[code]();
}

export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof PipelineError) return { code: error.code, message: error.message };
  if (isErrorInfo(error)) return error;
  return { code: 'internal', message: `${MESSAGES.internal()} (${errorText(error, 200)})` };
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
