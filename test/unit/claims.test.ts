import { describe, expect, it } from 'vitest';
import {
  claimKey,
  onVerifyClaimClick,
  VERIFY_CLAIM_MENU_ID,
  type ClaimPorts,
} from '../../lib/background/claims';

const log: string[] = [];

function ports(overrides: Partial<ClaimPorts> = {}) {
  const log: string[] = [];
  const stored: Record<string, unknown> = {};
  const p: ClaimPorts = {
    openPanel: async (tabId) => void log.push(`open ${tabId}`),
    store: async (items) => void (Object.assign(stored, items), log.push('store')),
    notify: async (message) => void log.push(`notify ${message.type}`),
    ...overrides,
  };
  return { p, log, stored };
}

describe('verify-claim menu handler', () => {
  it('opens the panel first (user gesture), stores the claim, then notifies', async () => {
    const { p, log, stored } = ports();
    expect(
      await onVerifyClaimClick(
        { menuItemId: VERIFY_CLAIM_MENU_ID, selectionText: 'The sky is green.' },
        { id: 4 },
        p,
      ),
    ).toBe(true);
    expect(log).toEqual(['open 4', 'store', 'notify claim/available']);
    expect(stored[claimKey(4)]).toMatchObject({ claim: 'The sky is green.' });
  });

  it('injects the page reader in the click (its activeTab grant), before notifying; a refusal stops nothing', async () => {
    for (const prepareTab of [
      async (tabId: number) => void log.push(`inject ${tabId}`),
      async () => {
        log.push('inject refused');
        throw new Error('Cannot access a chrome:// URL');
      },
    ]) {
      const { p, stored } = ports({ prepareTab });
      log.length = 0;
      expect(
        await onVerifyClaimClick(
          { menuItemId: VERIFY_CLAIM_MENU_ID, selectionText: 'x y z.' },
          { id: 4 },
          p,
        ),
      ).toBe(true);
      expect(log[0]).toMatch(/^inject/);
      expect(stored[claimKey(4)]).toMatchObject({ claim: 'x y z.' });
    }
  });

  it('stores the claim even when the panel cannot be opened', async () => {
    const { p, stored } = ports({
      openPanel: () => Promise.reject(new Error('needs a user gesture')),
    });
    expect(
      await onVerifyClaimClick(
        { menuItemId: VERIFY_CLAIM_MENU_ID, selectionText: 'x y z' },
        { id: 9 },
        p,
      ),
    ).toBe(true);
    expect(stored[claimKey(9)]).toMatchObject({ claim: 'x y z' });
  });

  it('ignores other menu items and tabs without an id', async () => {
    const { p, log } = ports();
    expect(
      await onVerifyClaimClick({ menuItemId: 'other', selectionText: 'a' }, { id: 1 }, p),
    ).toBe(false);
    expect(
      await onVerifyClaimClick(
        { menuItemId: VERIFY_CLAIM_MENU_ID, selectionText: 'a' },
        undefined,
        p,
      ),
    ).toBe(false);
    expect(
      await onVerifyClaimClick(
        { menuItemId: VERIFY_CLAIM_MENU_ID, selectionText: 'a' },
        { id: -1 },
        p,
      ),
    ).toBe(false);
    expect(log).toEqual([]);
  });

  it('caps what it stores from a huge selection', async () => {
    const { p, stored } = ports();
    await onVerifyClaimClick(
      { menuItemId: VERIFY_CLAIM_MENU_ID, selectionText: 'a'.repeat(1_000_000) },
      { id: 2 },
      p,
    );
    expect((stored[claimKey(2)] as { claim: string }).claim.length).toBeLessThanOrEqual(4000);
  });
});
