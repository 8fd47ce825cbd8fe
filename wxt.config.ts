import { defineConfig } from 'wxt';

// Extension pages may compile WebAssembly (ONNX Runtime, next issue) and nothing else: WXT adds
// 'wasm-unsafe-eval' only to dev builds, so the production CSP is written out here (STYLE security 1).
export const EXTENSION_PAGES_CSP = "script-src 'self' 'wasm-unsafe-eval'; object-src 'self';";

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  manifest: {
    name: 'Answer panel',
    description: 'Answers questions about the page you are reading, with citations that highlight the exact sentences.',
    // sidePanel.open() from a context-menu click needs Chrome 116.
    minimum_chrome_version: '116',
    permissions: ['sidePanel', 'contextMenus', 'storage'],
    action: { default_title: 'Ask about this page' },
    commands: {
      _execute_action: {
        suggested_key: { default: 'Alt+Shift+A' },
        description: 'Open the answer panel for this tab',
      },
    },
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
  },
});
