// Formatting shared by the RESULTS.md sections of every bench (no runtime imports, so any bench
// module can use it without import cycles).

import type { Figure } from './results';

export type Get = (key: string) => Figure | undefined;

export const fmt = (v: Figure | undefined, digits = 1): string => {
  if (v === undefined) return '—';
  if (typeof v === 'number') {
    if (Number.isInteger(v)) return v.toLocaleString('en-US');
    return v.toLocaleString('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  }
  return String(v);
};

export const ratio = (v: Figure | undefined) => (typeof v === 'number' ? `${v.toFixed(2)}×` : '—');

/** A Markdown table: the first column (and Runtime/Size columns) left-aligned, figures right. */
export function table(header: string[], rows: string[][]): string {
  return [
    `| ${header.join(' | ')} |`,
    `| ${header.map((h, i) => (i === 0 || h === 'Runtime' || h === 'Size' ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
