import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as run } from '../support/cli-run';
import { serveDirectory, type TestServer } from '../support/server';
import { encrypted, scanned, table, twoColumns } from '../support/pdf-layouts';

const dir = mkdtempSync(join(tmpdir(), 'pdf-cli-'));
let server: TestServer;
const files: Record<string, Uint8Array> = {};

beforeAll(async () => {
  files['two-columns.pdf'] = (await twoColumns()).bytes;
  files['table.pdf'] = (await table()).bytes;
  files['scanned.pdf'] = (await scanned()).bytes;
  files['partly-scanned.pdf'] = (await scanned(true)).bytes;
  files['encrypted.pdf'] = encrypted().bytes;
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);
  server = await serveDirectory(dir, [
    (req, res) => {
      const name = req.url?.slice(1) ?? '';
      if (name === 'download') {
        // A PDF served as bare bytes, as some servers do.
        const bytes = Buffer.from(files['table.pdf']!);
        res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bytes);
        return true;
      }
      if (!files[name]) return false;
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(files[name]!));
      return true;
    },
  ]);
});
afterAll(() => server.close());

describe('npm run ask on a PDF', () => {
  it('answers from a local PDF and cites the page', async () => {
    const { code, out } = await run(
      '--page',
      join(dir, 'two-columns.pdf'),
      'What did divers find in the harbour?',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/Divers found blocks and statues in the harbour/);
    expect(out).toMatch(/\[1\][* ] p\. 1, /);
    expect(out).toMatch(/Quotes from "The Lighthouse of Alexandria"/);
  });

  it('answers from a PDF served over http, with page in --json', async () => {
    const { code, out } = await run(
      '--page',
      `${server.url}/table.pdf`,
      '--json',
      'What is the accuracy of MiniLM?',
    );
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      page: { extractor: string };
      quotes: Array<{ text: string; source: { page?: number; blockKind: string } }>;
    };
    expect(result.page.extractor).toBe('pdf');
    const row = result.quotes.find((q) => q.text.includes('Retriever: MiniLM'));
    expect(row?.source).toMatchObject({ page: 1, blockKind: 'table' });
    expect(row?.text).toContain('Accuracy: 70.4');
  });

  it('reads a PDF served as application/octet-stream by its bytes', async () => {
    const { code, out } = await run('--page', `${server.url}/download`, '--passages');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ extractor: 'pdf', pageCount: 1 });
  });

  it('prints passages with their pages', async () => {
    const { code, out } = await run('--page', join(dir, 'two-columns.pdf'), '--passages');
    expect(code).toBe(0);
    const result = JSON.parse(out) as {
      extractor: string;
      pageCount: number;
      passages: Array<{ page?: number }>;
    };
    expect(result).toMatchObject({ extractor: 'pdf', pageCount: 1 });
    expect(result.passages.length).toBeGreaterThan(3);
    expect(result.passages.every((p) => p.page === 1)).toBe(true);
  });

  it('verifies a claim against a PDF', async () => {
    const { code, out } = await run(
      '--page',
      join(dir, 'two-columns.pdf'),
      '--claim',
      'The tower was built in the third century before our era.',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/The page says this/);
    expect(out).toMatch(/p\. 1/);
  });

  it('summarises a real manual from its prose: what it describes, no contents entry or code', async () => {
    const manual = join(import.meta.dirname, '../fixtures/pdf/libtasn1.pdf');
    const { code, out } = await run('--page', manual, '--json', 'What is this PDF about?');
    expect(code).toBe(0);
    const { answer } = JSON.parse(out) as { answer: { sentences: Array<{ text: string }> } };
    const sentences = answer.sentences.map((s) => s.text);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences[0]).toMatch(/^This document describes the Libtasn1 library/);
    // No table-of-contents entry (dot leaders), no function signature, no code.
    expect(sentences.filter((s) => /\.\s?\.\s?\.|\[Function\]|=/.test(s))).toEqual([]);
  });

  it('names the pages left out for having no text layer', async () => {
    const { code, out, err } = await run(
      '--page',
      join(dir, 'partly-scanned.pdf'),
      'Which pages are scanned images?',
    );
    expect(code).toBe(0);
    expect(err).toContain('Note: Pages without a text layer (scanned) were left out: 2, 3.');
    expect(out).toMatch(/the pages after it are scanned images/);
  });

  it.each([
    [
      'scanned.pdf',
      'pdf-no-text',
      /no text layer \(scanned pages\); text recognition is not supported/,
    ],
    ['encrypted.pdf', 'pdf-encrypted', /protected by a password/],
  ])('says why %s cannot be read', async (name, code, message) => {
    const result = await run('--page', join(dir, name), '--json', 'What does it say?');
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(JSON.parse(result.out)).toMatchObject({ error: { code } });
  });
});
