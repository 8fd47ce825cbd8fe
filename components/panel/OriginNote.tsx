import type { ShownOrigin } from '@/lib/ask/panel-state';
import { timeAgo } from '@/lib/core/time';
import { useNow } from '../use-now';

/** Where a cached, offline or saved answer came from, in words; null for a fresh live answer. */
export function originText(origin: ShownOrigin, now: number): string | null {
  const ago =
    'createdAt' in origin
      ? timeAgo(origin.createdAt, now)
      : 'fetchedAt' in origin
        ? timeAgo(origin.fetchedAt, now)
        : '';
  switch (origin.kind) {
    case 'live':
      return origin.offline
        ? 'Offline: extractive answer from this page (no saved answer to a similar question).'
        : null;
    case 'exact':
      return `Cached answer from ${ago}, to the same question on this version of the page.`;
    case 'similar':
      return origin.samePage
        ? `Offline: saved answer from ${ago} to a similar question, “${origin.question}”.`
        : `Offline: saved answer from ${ago} to a similar question, “${origin.question}”, on another page: ${origin.pageTitle || origin.pageUrl}.`;
    case 'cached-page':
      return `Offline: extractive answer from the saved copy of this page (read ${ago}).`;
    case 'history':
      return `Saved answer from ${ago}.`;
  }
}

/** Says where a cached or offline answer came from, and offers a fresh one. */
export function OriginNote(props: {
  origin: ShownOrigin;
  pageChanged: boolean;
  onFresh: () => void;
}) {
  const { origin } = props;
  const text = originText(origin, useNow());
  if (!text && !props.pageChanged) return null;
  return (
    <div
      className="origin"
      role="status"
      data-origin={origin.kind}
      data-page-changed={props.pageChanged}
    >
      {text && <span>{text}</span>}
      {props.pageChanged ? (
        <button type="button" data-action="reverify" onClick={props.onFresh}>
          Page changed — re-verify
        </button>
      ) : (
        origin.kind !== 'live' && (
          <button type="button" data-action="ask-fresh" onClick={props.onFresh}>
            Ask again
          </button>
        )
      )}
    </div>
  );
}
