import type { ShownOrigin } from '@/lib/ask/panel-state';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { messageFor, type ErrorCode } from '../../lib/core/errors';
import { timeAgo } from '../../lib/core/time';
import { useNow } from '../use-now';

/**
 * Where a cached, offline or saved answer came from, in words; null for a fresh live answer.
 * `online`: the browser is online, so a degraded answer is the composer's fault, not the network's
 * (and a failed composer is said by its own note).
 */
export function originText(origin: ShownOrigin, now: number, online = false): string | null {
  const ago =
    'createdAt' in origin
      ? timeAgo(origin.createdAt, now)
      : 'fetchedAt' in origin
        ? timeAgo(origin.fetchedAt, now)
        : '';
  switch (origin.kind) {
    case 'live':
      return origin.offline && !online
        ? 'Offline: extractive answer from this page (no saved answer to a similar question).'
        : null;
    case 'exact':
      return `Cached answer from ${ago}, to the same question on this version of the page.`;
    case 'similar': {
      const lead = online
        ? 'The composer could not be reached, so this is a saved answer'
        : 'Offline: saved answer';
      return origin.samePage
        ? `${lead} from ${ago} to a similar question, “${origin.question}”.`
        : `${lead} from ${ago} to a similar question, “${origin.question}”, on another page: ${origin.pageTitle || origin.pageUrl}.`;
    }
    case 'cached-page':
      return `Couldn't read this tab (${unreadReason(origin.readError)}), showing the copy saved ${ago}: an extractive answer from it.`;
    case 'history':
      return `Saved answer from ${ago}.`;
  }
}

/** Why the tab was not read, short enough for the brackets of the saved-copy note. */
function unreadReason(code: ErrorCode | undefined): string {
  switch (code) {
    case 'page-unreadable':
      return 'the browser shows a page of its own there, such as its offline error page';
    case 'page-not-ready':
      return 'the page did not answer';
    case 'page-no-access':
      return 'the extension has no access to it';
    case undefined:
      return 'no reason given';
    default:
      return messageFor(code);
  }
}

/** Says where a cached or offline answer came from, and offers a fresh one. */
export function OriginNote(props: {
  origin: ShownOrigin;
  pageChanged: boolean;
  online: boolean;
  onFresh: () => void;
}) {
  const { origin } = props;
  const text = originText(origin, useNow(), props.online);
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
        text &&
        origin.kind !== 'live' && (
          <button type="button" data-action="ask-fresh" onClick={props.onFresh}>
            Ask again
          </button>
        )
      )}
    </div>
  );
}
