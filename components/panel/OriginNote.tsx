import type { ShownOrigin } from '@/lib/ask/panel-state';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { messageFor, type ErrorCode } from '../../lib/core/errors';
import { timeAgo } from '../../lib/core/time';
import { useNow } from '../use-now';
import { t } from '../../lib/core/i18n';

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
      return origin.offline && !online ? t('origin_offline_live') : null;
    case 'exact':
      return t('origin_exact', ago);
    case 'similar': {
      const other = origin.pageTitle || origin.pageUrl;
      if (online)
        return origin.samePage
          ? t('origin_similar_online', ago, origin.question)
          : t('origin_similar_online_other_page', ago, origin.question, other);
      return origin.samePage
        ? t('origin_similar_offline', ago, origin.question)
        : t('origin_similar_offline_other_page', ago, origin.question, other);
    }
    case 'cached-page':
      return t('origin_cached_page', unreadReason(origin.readError), ago);
    case 'history':
      return t('origin_history', ago);
  }
}

/** Why the tab was not read, short enough for the brackets of the saved-copy note. */
function unreadReason(code: ErrorCode | undefined): string {
  switch (code) {
    case 'page-unreadable':
      return t('unread_reason_unreadable');
    case 'page-not-ready':
      return t('unread_reason_not_ready');
    case 'page-no-access':
      return t('unread_reason_no_access');
    case undefined:
      return t('unread_reason_none');
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
          {t('origin_reverify')}
        </button>
      ) : (
        text &&
        origin.kind !== 'live' && (
          <button type="button" data-action="ask-fresh" onClick={props.onFresh}>
            {t('origin_ask_again')}
          </button>
        )
      )}
    </div>
  );
}
