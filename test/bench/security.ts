// The security bench (`npm run bench -- --only=security`, and part of the full `npm run bench`):
//
//   security.propertiesHeld   properties of docs/SECURITY.md held (goal: all 16). A property is held
//                             when its row in the document's machine-readable table lists
//                             regression tests that exist, its unit tests pass in this run (and its
//                             browser tests too, with --security-e2e), and its guard-removal check
//                             is recorded. `security.property.<n>` says "held" or why not.
//   security.hiddenTextLeaks  hiding techniques of the hostile page (test/fixtures/pages/hidden-text)
//                             whose marker text reaches the page text the built extension's content
//                             script reads in Chromium (goal: 0 of at least 20 techniques).
//
// The browser tests are not run by default: the machine's cores are shared, and each e2e file is
// run on its own. Not a test: nothing here asserts.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openFixture, openPanel, PAGES_DIR, ROOT, startHarness } from '../e2e/harness';
import { hiddenTextReport, HIDDEN_TEXT_PAGE, type HiddenTextReport } from '../support/hidden-text';
import { readSecurityTable, rowProblems } from '../support/security-table';
import { renderAllMarkdown } from './models-report';
import { load1, machineMeta, mergeResults, type Figures } from './results';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_JSON = join(here, 'results.json');
const RESULTS_MD = join(here, 'RESULTS.md');
const TMP = join(here, 'tmp');

/** Per test file: tests passed and failed (a file that did not run has neither). */
type FileOutcome = { passed: number; failed: number };

/** Runs `files` with vitest's JSON reporter and reads each file's outcome. */
function runVitest(config: string, files: string[], tag: string): Map<string, FileOutcome> {
  mkdirSync(TMP, { recursive: true });
  const out = join(TMP, `security-${tag}.json`);
  rmSync(out, { force: true });
  try {
    execFileSync(
      'npx',
      ['vitest', 'run', '--config', config, '--reporter=json', `--outputFile=${out}`, ...files],
      { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
    );
  } catch {
    // Failing tests exit non-zero; the report says which.
  }
  const outcomes = new Map<string, FileOutcome>();
  let report: {
    testResults?: Array<{ name: string; assertionResults: Array<{ status: string }> }>;
  };
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as typeof report;
  } catch {
    return outcomes; // no report: every file counts as not run
  }
  for (const result of report.testResults ?? []) {
    const statuses = result.assertionResults.map((a) => a.status);
    outcomes.set(relative(ROOT, result.name), {
      passed: statuses.filter((s) => s === 'passed').length,
      failed: statuses.filter((s) => s === 'failed').length,
    });
  }
  return outcomes;
}

function failedFiles(files: string[], outcomes: Map<string, FileOutcome>): string[] {
  return files.filter((file) => {
    const outcome = outcomes.get(file);
    return !outcome || outcome.failed > 0 || outcome.passed === 0;
  });
}

/** Runs the table's tests and says, per property, "held" or why not. */
function propertyStatus(withE2e: boolean): {
  status: Map<number, string>;
  e2eFiles: string[];
  retried: string[];
} {
  const rows = readSecurityTable(ROOT);
  const all = [...new Set(rows.flatMap((r) => r.tests))];
  const unitFiles = all.filter((f) => f.startsWith('test/unit/'));
  const e2eFiles = all.filter((f) => f.startsWith('test/e2e/'));
  console.log(`[security] running ${unitFiles.length} unit test files`);
  const outcomes = runVitest('test/vitest.config.ts', unitFiles, 'unit');
  // On a shared 2-core machine a property test can pass its 5 s limit under load: a file that
  // failed runs once more on its own, and the retry is reported.
  const retried = failedFiles(unitFiles, outcomes);
  if (retried.length > 0) {
    console.log(`[security] running again on their own: ${retried.join(', ')}`);
    for (const [name, outcome] of runVitest('test/vitest.config.ts', retried, 'unit-retry'))
      outcomes.set(name, outcome);
  }
  if (withE2e)
    for (const [i, file] of e2eFiles.entries()) {
      console.log(`[security] running ${file}`);
      for (const [name, outcome] of runVitest('test/vitest.e2e.config.ts', [file], `e2e-${i}`))
        outcomes.set(name, outcome);
    }
  const status = new Map<number, string>();
  for (const row of rows) {
    const ran = row.tests.filter((f) => f.startsWith('test/unit/') || withE2e);
    const problems = [
      ...rowProblems(row, ROOT),
      ...failedFiles(ran, outcomes).map((f) => `${f} did not pass`),
    ];
    status.set(row.property, problems.length === 0 ? 'held' : problems.join('; '));
  }
  return { status, e2eFiles, retried };
}

/** The hostile page read by the built extension's content script in Chromium. */
async function hiddenText(): Promise<HiddenTextReport> {
  const h = await startHarness();
  try {
    const { page, tabId } = await openFixture(h, HIDDEN_TEXT_PAGE);
    const panel = await openPanel(h, tabId);
    const report = await hiddenTextReport(panel, tabId, PAGES_DIR);
    await panel.close();
    await page.close();
    return report;
  } finally {
    await h.close();
  }
}

export async function benchSecurity(loadAtStart = load1(), withE2e = false): Promise<void> {
  const { status, e2eFiles, retried } = propertyStatus(withE2e);
  for (const [property, state] of status) console.log(`[security] property ${property}: ${state}`);
  const leaks = await hiddenText();
  console.log(
    `[security] hidden text: ${leaks.leaks.length} of ${leaks.techniques} techniques leak${leaks.leaks.length ? ` (${leaks.leaks.join(', ')})` : ''}`,
  );
  const figures: Figures = {
    'security.properties': status.size,
    'security.propertiesHeld': [...status.values()].filter((s) => s === 'held').length,
    'security.e2eRun': withE2e,
    'security.e2eFiles': e2eFiles.length,
    'security.unitRetried': retried.join(', ') || 'none',
    'security.hiddenTextTechniques': leaks.techniques,
    'security.hiddenTextLeaks': leaks.leaks.length,
    'security.hiddenTextLeaked': leaks.leaks.join(', ') || 'none',
    'security.hiddenTextVisibleRead': leaks.visibleRead,
  };
  for (const [property, state] of status) figures[`security.property.${property}`] = state;
  const results = mergeResults(RESULTS_JSON, figures, machineMeta(null, loadAtStart), [
    'security.',
  ]);
  writeFileSync(RESULTS_MD, renderAllMarkdown(results));
  console.log(`[security] wrote ${RESULTS_JSON} and ${RESULTS_MD}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  benchSecurity(load1(), process.argv.includes('--security-e2e')).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
