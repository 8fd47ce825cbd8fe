// The manifest as wxt.config.ts writes it (docs/SECURITY.md, properties 1 and 9). The e2e suite
// compares the built manifest with a snapshot; these read the config itself, so a loosened CSP or
// a new permission fails without a build.
import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import config, { EXTENSION_PAGES_CSP, PDFJS_WORKER } from '../../wxt.config';

const manifest = config.manifest as {
  minimum_chrome_version?: string;
  content_security_policy?: { extension_pages?: string };
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
};

describe('wxt.config manifest', () => {
  it('requires a Chrome that can close storage.local to content scripts', () => {
    expect(Number(manifest.minimum_chrome_version)).toBeGreaterThanOrEqual(140);
  });

  it('lets extension pages run only their own scripts and WebAssembly: no eval, no remote script', () => {
    expect(EXTENSION_PAGES_CSP).toBe("script-src 'self' 'wasm-unsafe-eval'; object-src 'self';");
    expect(manifest.content_security_policy).toEqual({ extension_pages: EXTENSION_PAGES_CSP });
  });

  it('asks for the reviewed permissions only, with install-time host access for loopback alone', () => {
    expect([...(manifest.permissions ?? [])].sort()).toEqual([
      'activeTab',
      'contextMenus',
      'declarativeNetRequestWithHostAccess',
      'scripting',
      'sidePanel',
      'storage',
    ]);
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    // Every other origin is optional: asked for when a setting needs it.
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });
});

describe('wxt.config packaged files', () => {
  /** What the build hook copies into the package: destination → source. */
  function publicAssets(): Map<string, string> {
    const files: Array<{ absoluteSrc: string; relativeDest: string }> = [];
    const hook = (config.hooks as Record<string, (wxt: unknown, files: unknown[]) => void>)[
      'build:publicAssets'
    ]!;
    hook({}, files);
    return new Map(files.map((f) => [f.relativeDest, f.absoluteSrc]));
  }

  it("ships pdf.js's worker script, font data and character maps: PDFs load no remote code", () => {
    const assets = publicAssets();
    const worker = assets.get(`pdfjs/${PDFJS_WORKER}`);
    expect(worker).toMatch(/node_modules\/pdfjs-dist\/build\/pdf\.worker\.min\.mjs$/);
    expect(existsSync(worker!)).toBe(true);
    expect(assets.has('pdfjs/standard_fonts/LiberationSans-Regular.ttf')).toBe(true);
    expect([...assets.keys()].filter((k) => k.startsWith('pdfjs/cmaps/')).length).toBeGreaterThan(
      100,
    );
    expect(assets.has('ort/ort-wasm-simd-threaded.asyncify.wasm')).toBe(true);
    // The plain build's binary too: the models run on it when the device is WASM.
    const plain = assets.get('ort/ort-wasm-simd-threaded.wasm');
    expect(plain).toMatch(/node_modules\/onnxruntime-web\/dist\/ort-wasm-simd-threaded\.wasm$/);
    expect(existsSync(plain!)).toBe(true);
  });
});
