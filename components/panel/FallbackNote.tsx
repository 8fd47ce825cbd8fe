import type { Answer } from '@/lib/pipeline/types';

/** What happened to the composer, in a few words, for each way it can fail. */
const WHAT: Partial<Record<string, string>> = {
  'composer-unreachable': "didn't answer",
  'composer-timeout': "didn't start answering in time",
  'composer-stalled': 'stopped in the middle of its answer',
  'composer-auth': 'refused the API key',
  'composer-rate-limited': 'is limiting requests right now',
  'composer-model-not-found': "doesn't have that model",
  'composer-server-error': 'failed with a server error',
  'composer-bad-response': "sent a reply the extension couldn't read",
  'composer-too-long': 'wrote more than the extension accepts',
  'composer-forbidden-origin': 'refused requests from the extension',
  'composer-not-configured': 'needs an address and a model name in Settings',
  'composer-bad-url': 'needs an http:// or https:// address in Settings',
  'composer-unavailable': "isn't available in this browser",
};

/** "llama3.1:8b at http://127.0.0.1:11434" → "The composer at 127.0.0.1:11434". */
function who(from: string): string {
  const at = /\bat (https?:\/\/\S+)$/.exec(from);
  if (!at) return from.startsWith('Chrome') ? from : `The composer (${from})`;
  try {
    return `The composer at ${new URL(at[1]!).host}`;
  } catch {
    return `The composer at ${at[1]}`;
  }
}

/** The cause the browser or server gave ("Failed to fetch" is how Chromium says it could not connect). */
function cause(message: string): string | null {
  const detail = /\(([^()]*)\)\s*$/.exec(message)?.[1];
  if (!detail) return null;
  const text = detail.replace(/^https?:\/\/[^:\s]+(:\d+)?:\s*/, '');
  if (/failed to fetch|ECONNREFUSED|connection refused/i.test(text)) return 'connection refused';
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The endpoint failed: said once, plainly, above the extractive answer shown instead. */
export function FallbackNote({ fallback }: { fallback: NonNullable<Answer['fallback']> }) {
  const { reason } = fallback;
  const why = cause(reason.message);
  return (
    <div className="fallback" role="alert" data-fallback={reason.code}>
      <p>
        {who(fallback.from)} {WHAT[reason.code] ?? 'failed'}
        {why ? ` (${why})` : ''} — showing the extractive answer: every sentence is a quote from the
        page.
      </p>
      <details className="fallback-details">
        <summary>details</summary>
        <p>{reason.message}</p>
      </details>
    </div>
  );
}
