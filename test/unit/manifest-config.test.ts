// The manifest's minimum Chrome version must have storage.local.setAccessLevel (Chrome 140): the
// background closes storage.local, where settings and API keys live, to content scripts with it.
// On an older browser the call does not exist and any page's content script could read the key.
import { describe, expect, it } from 'vitest';
import config from '../../wxt.config';

describe('wxt.config manifest', () => {
  it('requires a Chrome that can close storage.local to content scripts', () => {
    const manifest = config.manifest as { minimum_chrome_version?: string };
    expect(Number(manifest.minimum_chrome_version)).toBeGreaterThanOrEqual(140);
  });
});
