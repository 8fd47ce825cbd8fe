import type { Answer } from '@/lib/pipeline/types';
import { t } from '@/lib/core/i18n';

/** What happened to the composer, in a few words, for each way it can fail. */
function what(code: string): string {
  switch (code) {
    case 'composer-unreachable':
      return t('fallback_unreachable');
    case 'composer-timeout':
      return t('fallback_timeout');
    case 'composer-stalled':
      return t('fallback_stalled');
    case 'composer-auth':
      return t('fallback_auth');
    case 'composer-rate-limited':
      return t('fallback_rate_limited');
    case 'composer-model-not-found':
      return t('fallback_model_not_found');
    case 'composer-server-error':
      return t('fallback_server_error');
    case 'composer-bad-response':
      return t('fallback_bad_response');
    case 'composer-too-long':
      return t('fallback_too_long');
    case 'composer-forbidden-origin':
      return t('fallback_forbidden_origin');
    case 'composer-not-configured':
      return t('fallback_not_configured');
    case 'composer-bad-url':
      return t('fallback_bad_url');
    case 'composer-unavailable':
      return t('fallback_unavailable');
    default:
      return t('fallback_failed');
  }
}

/** "llama3.1:8b at http://127.0.0.1:11434" → "The composer at 127.0.0.1:11434". */
function who(from: string): string {
  const at = /\bat (https?:\/\/\S+)$/.exec(from);
  if (!at) return from.startsWith('Chrome') ? from : t('fallback_who_named', from);
  try {
    return t('fallback_who_at', new URL(at[1]!).host);
  } catch {
    return t('fallback_who_at', at[1]!);
  }
}

/** The cause the browser or server gave ("Failed to fetch" is how Chromium says it could not connect). */
function cause(message: string): string | null {
  const detail = /\(([^()]*)\)\s*$/.exec(message)?.[1];
  if (!detail) return null;
  const text = detail.replace(/^https?:\/\/[^:\s]+(:\d+)?:\s*/, '');
  if (/failed to fetch|ECONNREFUSED|connection refused/i.test(text))
    return t('fallback_connection_refused');
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The endpoint failed: said once, plainly, above the extractive answer shown instead. */
export function FallbackNote({ fallback }: { fallback: NonNullable<Answer['fallback']> }) {
  const { reason } = fallback;
  const why = cause(reason.message);
  return (
    <div className="fallback" role="alert" data-fallback={reason.code}>
      <p>{t('fallback_note', who(fallback.from), what(reason.code), why ? ` (${why})` : '')}</p>
      <details className="fallback-details">
        <summary>{t('fallback_details')}</summary>
        <p>{reason.message}</p>
      </details>
    </div>
  );
}
