// components/panel/OriginNote.tsx: an answer from a saved copy always says why the tab itself was
// not read (docs/SECURITY.md, property 8): a page that switched the reader off must not pass for
// "offline".
import { describe, expect, it } from 'vitest';
import { originText } from '../../components/panel/OriginNote';

const MINUTE = 60_000;

describe('originText for a saved copy', () => {
  it.each([
    [
      'page-unreadable',
      'the browser shows a page of its own there, such as its offline error page',
    ],
    ['page-not-ready', 'the page did not answer'],
    ['page-no-access', 'the extension has no access to it'],
  ] as const)('%s: says why, and when the copy was saved', (readError, reason) => {
    expect(originText({ kind: 'cached-page', fetchedAt: 0, readError }, 3 * MINUTE)).toBe(
      `Couldn't read this tab (${reason}), showing the copy saved 3 minutes ago: an extractive answer from it.`,
    );
  });

  it('never calls it just "Offline"', () => {
    const text = originText({ kind: 'cached-page', fetchedAt: 0 }, MINUTE);
    expect(text).toMatch(/^Couldn't read this tab \(no reason given\)/);
    expect(text).not.toMatch(/^Offline/);
  });
});
