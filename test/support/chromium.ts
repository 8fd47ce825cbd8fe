// Launches Debian's Chromium through playwright-core (Playwright cannot download browsers here).
// Flags: headless as root with no sandbox, and no background networking, which would otherwise
// try (and fail) to reach Google's hosts on a machine with no internet.

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext, type Worker } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** This process's environment, without unset names (the launcher wants strings). */
function definedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

export function assertChromium(): void {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run \`npm test\` (it installs Debian's chromium) or set CHROMIUM_PATH.`,
    );
  }
}

/**
 * A persistent context (extensions need one), optionally with an unpacked extension loaded.
 * `lang` starts the browser in that UI language (Chromium on Linux reads it from the environment;
 * `--lang` sets it too), which is the language chrome.i18n gives the extension.
 */
export async function launchChromium(
  extensionDir?: string,
  extraArgs: readonly string[] = [],
  userDataDir = mkdtempSync(join(tmpdir(), 'answer-panel-')),
  lang?: string,
): Promise<BrowserContext> {
  assertChromium();
  const args = [...BASE_ARGS, ...extraArgs, ...(lang ? [`--lang=${lang}`] : [])];
  if (extensionDir) {
    const ext = resolve(extensionDir);
    args.push(`--disable-extensions-except=${ext}`, `--load-extension=${ext}`);
  }
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args,
    ...(lang ? { env: { ...definedEnv(), LANGUAGE: lang } } : {}),
  });
}

/**
 * The extension's service worker, once its extension APIs are there. Right after launch Playwright
 * can hand over a worker whose script has not run yet (`chrome` undefined in evaluate): wait for
 * it, looking again at the context's workers in case it was replaced.
 */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const worker = context.serviceWorkers().at(-1) ?? (await context.waitForEvent('serviceworker'));
    const ready = await worker
      .evaluate(() => typeof chrome !== 'undefined' && !!chrome.runtime?.id)
      .catch(() => false);
    if (ready || Date.now() > deadline) return worker;
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
