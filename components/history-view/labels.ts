// What a saved answer's row says under its question, in words: "Claim · Not enough evidence ·
// page · 2 hours ago", never the verdict's code.

import type { AnswerRecord } from '@/lib/cache/db';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { t, tn } from '../../lib/core/i18n';
import { timeAgo } from '../../lib/core/time';
import type { Verdict } from '@/lib/pipeline/types';

export function verdictWord(label: Verdict['label']): string {
  switch (label) {
    case 'supported':
      return t('history_verdict_supported');
    case 'refuted':
      return t('history_verdict_refuted');
    case 'not-enough-evidence':
      return t('history_verdict_not_enough_evidence');
  }
}

export function historyMeta(record: AnswerRecord, now: number): string {
  const verdict = record.result.verdict?.label;
  const followUps = record.followUps?.length ?? 0;
  const parts = [
    ...(record.mode === 'verify'
      ? [t('turn_claim'), ...(verdict ? [verdictWord(verdict)] : [])]
      : []),
    ...(followUps > 0 ? [tn(followUps, 'history_follow_ups_one', 'history_follow_ups_other')] : []),
    record.pageTitle || record.pageUrl,
    timeAgo(record.createdAt, now),
  ];
  return parts.join(' · ');
}
