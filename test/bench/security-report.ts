// RESULTS.md section for the security bench (test/bench/security.ts); results.ts lists it among
// its sections. Imports nothing at runtime from results.ts (security.ts imports results.ts).

import { fmt, table, type Get } from './markdown';

export function renderSecuritySection(get: Get, keys: string[]): string {
  const properties = keys
    .map((k) => k.match(/^security\.property\.(\d+)$/)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  return [
    '## Security: properties held and hidden-text leaks',
    '',
    "A property of docs/SECURITY.md is held when its row in that document's machine-readable table lists",
    'regression tests that exist, its unit tests pass in this run (its browser tests too when',
    '`--security-e2e` was given), and its guard-removal check is recorded. Hidden-text leaks: hiding',
    'techniques of test/fixtures/pages/hidden-text whose marker text the built extension read as page text',
    '(content script in Chromium, as the panel reads a page).',
    '',
    table(
      ['Figure', 'Value', 'Goal'],
      [
        [
          'Properties held',
          `**${fmt(get('security.propertiesHeld'))}** of ${fmt(get('security.properties'))}`,
          'all 16',
        ],
        [
          'Browser tests run',
          get('security.e2eRun') === true
            ? `yes (${fmt(get('security.e2eFiles'))} files)`
            : `no (${fmt(get('security.e2eFiles'))} files listed, not run)`,
          '—',
        ],
        [
          'Unit test files run again on their own after failing under load',
          fmt(get('security.unitRetried')),
          '—',
        ],
        [
          'Hidden-text techniques that leak',
          `**${fmt(get('security.hiddenTextLeaks'))}** of ${fmt(get('security.hiddenTextTechniques'))} (${fmt(get('security.hiddenTextLeaked'))})`,
          '0 of at least 20',
        ],
        [
          'Visible text of that page read',
          get('security.hiddenTextVisibleRead') === true ? 'yes' : 'no',
          'yes',
        ],
      ],
    ),
    '',
    table(
      ['Property', 'Status'],
      properties.map((n) => [String(n), fmt(get(`security.property.${n}`))]),
    ),
  ].join('\n');
}
