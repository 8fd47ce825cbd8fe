#!/usr/bin/env bash
# `npm test`: installs what the tests need (Debian's Chromium when missing) and runs the whole
# suite: type check, lint and format check, production build, unit tests (incl. the 130 real pages), browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_bin="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$chromium_bin" ]; then
  echo "== Installing Debian's chromium (browser tests need it)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
# Chromium picks a UI language only when its own strings for it are installed: the German
# browser test (test/e2e/i18n.e2e.ts) needs them.
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -f /usr/lib/chromium/locales/de.pak ]; then
  echo "== Installing Debian's chromium-l10n (the German browser test needs it)"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-l10n >/dev/null
fi
if [ ! -d node_modules ]; then
  echo "== Installing npm packages"
  ONNXRUNTIME_NODE_INSTALL=skip npm ci
fi

echo "== Type check"
npx tsc --noEmit
echo "== Lint (ESLint: promises, hooks, layer boundaries, function size) and format (Prettier)"
npx eslint --max-warnings 0 .
npx prettier --check . >/dev/null || { npx prettier --list-different .; echo "Run npm run format"; exit 1; }
echo "== Build the extension (.output/chrome-mv3)"
npx wxt build
echo "== Build it again with small generated models (.output/test-models/chrome-mv3, tests only)"
rm -rf test/tmp/models
npx tsx models/generate.ts --size tiny --dest test/tmp/models
ANSWER_PANEL_TEST_MODELS="$PWD/test/tmp/models" npx wxt build
reports="$(mktemp -d)"
status=0
echo "== Unit tests"
npx vitest run --config test/vitest.config.ts --reporter=default --reporter=json --outputFile="$reports/unit.json" || status=1
echo "== Browser tests (built extension in Chromium)"
npx vitest run --config test/vitest.e2e.config.ts --reporter=default --reporter=json --outputFile="$reports/e2e.json" || status=1

node test/support/summary.mjs "$reports/unit.json" "$reports/e2e.json"
exit $status
