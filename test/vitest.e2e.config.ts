import { defineConfig } from 'vitest/config';

// Browser tests: the built extension in Debian's Chromium. One file at a time (2 cores).
export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
