// lib/page/inject.ts: the page reader goes into a tab once, and a refused injection says whether a
// click would help (docs/SECURITY.md, property 1).
import { describe, expect, it } from 'vitest';
import {
  ensureReader,
  injectionRefusal,
  READER_FILE,
  type InjectPorts,
} from '../../lib/page/inject';

/** A tab as chrome.scripting sees it: the reader is there once its file has run. */
function fakeTab(refusal?: string) {
  const injected: string[] = [];
  const ports: InjectPorts = {
    readerPresent: async () => {
      if (refusal) throw new Error(refusal);
      return injected.length > 0;
    },
    injectFile: async (_tabId, file) => void injected.push(file),
  };
  return { ports, injected };
}

describe('ensureReader', () => {
  it('injects the reader file once, then finds it there', async () => {
    const { ports, injected } = fakeTab();
    expect(await ensureReader(7, ports)).toBe('injected');
    expect(await ensureReader(7, ports)).toBe('present');
    expect(await ensureReader(7, ports)).toBe('present');
    expect(injected).toEqual([READER_FILE]);
  });

  it('rejects, injecting nothing, when the tab is off limits', async () => {
    const { ports, injected } = fakeTab('Cannot access a chrome:// URL');
    await expect(ensureReader(7, ports)).rejects.toThrow('chrome://');
    expect(injected).toEqual([]);
  });
});

describe('injectionRefusal', () => {
  it.each([
    [
      'Cannot access contents of the page. Extension manifest must request permission to access the respective host.',
      'page-no-access',
    ],
    [
      'Cannot access contents of url "https://example.org/". Extension manifest must request permission to access this host.',
      'page-no-access',
    ],
    ['Cannot access a chrome:// URL', 'page-unreadable'],
    ['The extensions gallery cannot be scripted.', 'page-unreadable'],
    ['Frame with ID 0 is showing error page', 'page-unreadable'],
    ['No tab with id: 7.', 'page-unreadable'],
  ])('%s → %s', (message, code) => {
    expect(injectionRefusal(new Error(message))).toBe(code);
  });
});
