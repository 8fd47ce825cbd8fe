// The setup most panel test files share: one harness (the built extension in Chromium) and one
// loopback composer server per file, closed at the end with a check that no request left
// loopback, and before each test an empty answer cache, a fresh composer log and the file's
// settings (web search off). Each file says only what differs.

import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { startComposerServer, type ComposerServer } from '../support/composer-server';
import type { Route } from '../support/server';
import { clearCache, externalRequests, setSettings, startHarness, type Harness } from './harness';

/** Settings that answer extractively: nothing is sent to the composer server. */
export const EXTRACTIVE = {
  composer: { kind: 'extractive', endpoint: 'http://127.0.0.1:11434/v1', model: '' },
};

export interface PanelSuite {
  h: Harness;
  llm: ComposerServer;
}

export interface PanelSuiteOptions {
  /** The composer server's delay between streamed tokens. */
  tokenDelayMs: number;
  /** Settings set before each test, besides web search off (default: EXTRACTIVE). */
  settings?: (llm: ComposerServer) => Record<string, Record<string, unknown>>;
  /** More to do before each test, after the settings. */
  beforeEach?: (suite: PanelSuite) => Promise<void>;
  /** Requests the fixture server answers before its files (PDFs served as application/pdf). */
  routes?: Route[];
}

/**
 * Registers the hooks and hands the started harness and server to `bind` (the file keeps them in
 * its own variables, so its tests read as before).
 */
export function usePanelSuite(options: PanelSuiteOptions, bind: (suite: PanelSuite) => void): void {
  let llm: ComposerServer | undefined;
  let suite: PanelSuite | undefined;
  beforeAll(async () => {
    llm = await startComposerServer({ tokenDelayMs: options.tokenDelayMs });
    suite = { llm, h: await startHarness(undefined, options.routes) };
    bind(suite);
  });
  afterAll(async () => {
    await suite?.h.close();
    await llm?.close();
    if (suite) expect(externalRequests(suite.h.netLogPath)).toEqual([]);
  });
  beforeEach(async () => {
    if (!suite) throw new Error('the harness did not start');
    const { h, llm } = suite;
    await clearCache(h);
    llm.reset();
    await setSettings(h, {
      search: { provider: 'none' },
      ...(options.settings?.(llm) ?? EXTRACTIVE),
    });
    await options.beforeEach?.(suite);
  });
}
