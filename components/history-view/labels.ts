// What a saved answer's row says under its question, in words: "Claim · Not enough evidence ·
// page · 2 hours ago", or for a thread "2 follow-ups · page · 2 hours ago", never the verdict's
// code.

import type { AnswerRecord } from '@/lib/cache/db';
// Relative, not `@/`: the unit tests import this module and resolve no alias.
import { timeAgo } from '../../lib/core/time';
import type { Verdict } from '@/lib/pipeline/types';

export const VERDICT_WORDS: Record<Verdict['label'], string> = {
  supported: 'Supported',
  refuted: 'Refuted',
  'not-enough-evidence': 'Not enough evidence',
};

export function historyMeta(record: AnswerRecord, now: number): string {
  const verdict = record.result.verdict?.label;
  const followUps = record.followUps?.length ?? 0;
  const parts = [
    ...(record.mode === 'verify' ? ['Claim', ...(verdict ? [VERDICT_WORDS[verdict]] : [])] : []),
    ...(followUps > 0 ? [`${followUps} follow-up${followUps === 1 ? '' : 's'}`] : []),
    record.pageTitle || record.pageUrl,
    timeAgo(record.createdAt, now),
  ];
  return parts.join(' · ');
}
