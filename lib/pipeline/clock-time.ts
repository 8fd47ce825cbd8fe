// Times of day, read as minutes after midnight: "8 a.m.", "8 AM", "8am", "5:30 p.m.", "17:30",
// "midnight", "noon", "eleven at night", and the first of "three or four a.m.". Without this, "8
// a.m." is the count 8 beside the word "m", and "around midnight" against "at three or four a.m."
// is a word against two counts, no number conflict. A bare hour ("at 5") is no time: it may be
// either, and claim matching lets it stand for "5 a.m." or "5 p.m." (`hourOf`).

import { NUMBER_WORDS } from './lexicon-data';

/** What a time reader needs of a raw token (claim-text.ts's tokens before analysis). */
export interface RawWord {
  text: string;
  lower: string;
  start: number;
  end: number;
}

export interface ClockTime {
  /** Minutes after midnight. */
  minutes: number;
  /** The index of the first raw token after the time. */
  next: number;
}

const NAMED: Readonly<Record<string, number>> = { midnight: 0, noon: 720, midday: 720 };

/** "in the morning", "at night": the part of the day after a bare hour. */
const DAY_PARTS: ReadonlyArray<readonly [string, 'am' | 'pm']> = [
  ['in the morning', 'am'],
  ['in the afternoon', 'pm'],
  ['in the evening', 'pm'],
  ['at night', 'pm'],
];

const joined = (a: RawWord | undefined, b: RawWord | undefined) => !!a && !!b && a.end === b.start;

/** "am"/"pm", "a.m."/"p.m." (written as one token or four), "A.M.": the half and where it ends. */
function meridiemAt(
  raws: readonly RawWord[],
  k: number,
): { half: 'am' | 'pm'; next: number } | null {
  const r = raws[k];
  if (!r) return null;
  const one = /^([ap])\.?m\.?$/.exec(r.lower);
  if (one) return { half: one[1] === 'a' ? 'am' : 'pm', next: k + 1 };
  const [dot, m, end] = [raws[k + 1], raws[k + 2], raws[k + 3]];
  if (!/^[ap]$/.test(r.lower) || dot?.text !== '.' || m?.lower !== 'm') return null;
  if (!joined(r, dot) || !joined(dot, m)) return null;
  const next = end?.text === '.' && joined(m, end) ? k + 4 : k + 3;
  return { half: r.lower === 'a' ? 'am' : 'pm', next };
}

function dayPartAt(
  raws: readonly RawWord[],
  k: number,
): { half: 'am' | 'pm'; next: number } | null {
  for (const [phrase, half] of DAY_PARTS) {
    const words = phrase.split(' ');
    if (words.every((w, n) => raws[k + n]?.lower === w)) return { half, next: k + words.length };
  }
  return null;
}

/** An hour from 1 to 12, in digits or words. */
function hourAt(raws: readonly RawWord[], k: number): number | undefined {
  const lower = raws[k]?.lower ?? '';
  const value = /^\d{1,2}$/.test(lower)
    ? Number(lower)
    : Object.hasOwn(NUMBER_WORDS, lower)
      ? NUMBER_WORDS[lower]
      : undefined;
  return value !== undefined && Number.isInteger(value) && value >= 1 && value <= 12
    ? value
    : undefined;
}

function inMinutes(hour: number, minute: number, half?: 'am' | 'pm'): number {
  const h = half === undefined ? hour : (hour % 12) + (half === 'pm' ? 12 : 0);
  return h * 60 + minute;
}

/** A time of day starting at raws[j], or null. */
export function clockTimeAt(raws: readonly RawWord[], j: number): ClockTime | null {
  const first = raws[j];
  if (!first) return null;
  if (Object.hasOwn(NAMED, first.lower)) return { minutes: NAMED[first.lower]!, next: j + 1 };
  // "8am", "11pm": one token.
  const glued = /^(\d{1,2})([ap])m$/.exec(first.lower);
  if (glued && Number(glued[1]) >= 1 && Number(glued[1]) <= 12)
    return { minutes: inMinutes(Number(glued[1]), 0, glued[2] === 'a' ? 'am' : 'pm'), next: j + 1 };
  // "5:30", "17:30", "5:30 p.m.".
  const [colon, mm] = [raws[j + 1], raws[j + 2]];
  if (
    /^\d{1,2}$/.test(first.lower) &&
    colon?.text === ':' &&
    /^\d{2}$/.test(mm?.lower ?? '') &&
    joined(first, colon) &&
    joined(colon, mm)
  ) {
    const [hour, minute] = [Number(first.lower), Number(mm!.lower)];
    if (hour > 23 || minute > 59) return null;
    const half = hour <= 12 ? meridiemAt(raws, j + 3) : null;
    return { minutes: inMinutes(hour, minute, half?.half), next: half?.next ?? j + 3 };
  }
  const hour = hourAt(raws, j);
  if (hour === undefined) return null;
  const half = meridiemAt(raws, j + 1) ?? dayPartAt(raws, j + 1);
  if (half) return { minutes: inMinutes(hour, 0, half.half), next: half.next };
  // "three or four a.m.": the first hour takes the second's half of the day.
  if (/^(?:or|to|-|–)$/.test(raws[j + 1]?.lower ?? '') && hourAt(raws, j + 2) !== undefined) {
    const later = meridiemAt(raws, j + 3);
    if (later) return { minutes: inMinutes(hour, 0, later.half), next: j + 1 };
  }
  return null;
}

/** The hour from 1 to 12 that a time is on the clock face, or undefined off the hour. */
export function hourOf(minutes: number): number | undefined {
  if (minutes % 60 !== 0) return undefined;
  const h = (minutes / 60) % 12;
  return h === 0 ? 12 : h;
}
