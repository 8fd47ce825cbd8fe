// Prints one closing line for the whole suite from vitest's JSON reports: "N passed, N failed".
// A report that is missing or unreadable counts as a failure; so does a suite that failed to load
// (it has no failed tests of its own).
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests || report.numFailedTestSuites;
  } catch {
    failed += 1;
    console.error(`no test report at ${file}`);
  }
}
console.log(`${passed} passed, ${failed} failed`);
