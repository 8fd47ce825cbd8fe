// Reading order on real PDFs from Debian packages (test/fixtures/pdf/README.md says where each
// comes from): concrete facts a reader of the page can check.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { configureNodePdfjs } from '../../lib/pdf/node';
import { readPdf, type PdfSnapshot } from '../../lib/pdf/read';

const FIXTURES = resolve(import.meta.dirname, '../fixtures/pdf');
const load = (name: string) =>
  readPdf(new Uint8Array(readFileSync(resolve(FIXTURES, name))), {
    url: `http://127.0.0.1/${name}`,
  });
const blockWith = (snapshot: PdfSnapshot, text: string) =>
  snapshot.blocks.find((b) => b.text.includes(text));

describe('shared-mime-info-spec.pdf (DocBook, 17 pages)', () => {
  let spec: PdfSnapshot;
  beforeAll(async () => {
    await configureNodePdfjs();
    spec = await load('shared-mime-info-spec.pdf');
  });

  it('has its pages and title, and no running header or page number among the blocks', () => {
    expect(spec.pageCount).toBe(17);
    expect(spec.title).toBe('Shared MIME-info Database');
    expect(spec.blocks.some((b) => b.text === 'Shared MIME-info Database')).toBe(false);
    expect(spec.blocks.some((b) => /^\d+$/.test(b.text))).toBe(false);
  });

  it('reads a sentence that runs over a page break whole, on the page it starts', () => {
    const block = blockWith(spec, 'Information found in a directory is added to the information');
    expect(block).toMatchObject({ page: 2, section: '2.1. Directory layout' });
    expect(block!.text).toContain(
      'except when glob-deleteall or magic-deleteall is used to overwrite parts of a mimetype definition.',
    );
  });

  it('cites known passages on their pages, under their sections', () => {
    expect(blockWith(spec, 'This is version 0.21 of the Shared MIME-info')).toMatchObject({
      page: 1,
      section: '1.1. Version',
    });
    expect(blockWith(spec, 'Traditional MIME types apply to individual files')).toMatchObject({
      page: 16,
      section: '2.14. Content types for volumes',
    });
  });

  it('keeps a bullet item with its hanging lines as one block, and the text after the list apart', () => {
    expect(spec.blocks.map((b) => b.text)).toContain(
      '• It must be possible to install applications in /usr, /usr/local and the user’s home directory (in the normal Unix way) and have the MIME information used.',
    );
    expect(blockWith(spec, 'Further, the existing databases have been merged')!.text).toMatch(
      /^Further,/,
    );
  });

  it('reads the mime.cache header layout as a table, a row per line', () => {
    const table = blockWith(spec, 'MAJOR_VERSION');
    expect(table).toMatchObject({ kind: 'table', page: 11, section: '2.9. The mime.cache files' });
    expect(table!.text.split('\n').slice(0, 2)).toEqual([
      '2, CARD16, MAJOR_VERSION 1',
      '2, CARD16, MINOR_VERSION 2',
    ]);
  });
});

describe('libtasn1.pdf (Texinfo, 36 pages)', () => {
  let manual: PdfSnapshot;
  beforeAll(async () => {
    await configureNodePdfjs();
    manual = await load('libtasn1.pdf');
  });

  it('drops the running chapter headers, however few pages a chapter has', () => {
    expect(manual.pageCount).toBe(36);
    const texts = manual.blocks.map((b) => b.text);
    expect(texts.filter((t) => t.startsWith('Chapter 2: ASN.1 structure handling'))).toEqual([]);
    expect(texts.filter((t) => t.startsWith('Appendix A: Copying Information'))).toEqual([]);
  });

  it('reads the option list of asn1Parser as table rows', () => {
    const options = manual.blocks.find(
      (b) => b.kind === 'table' && b.section === '3.1 Invoking asn1Parser',
    );
    expect(options?.page).toBe(8);
    expect(options!.text.split('\n')).toContain('-c, --check, checks the syntax only');
    expect(options!.text.split('\n')).toContain('-n, --name=NAME, array name');
  });

  it('reads the table of contents as entries, one a block, not as headings', () => {
    const toc = manual.blocks.filter((b) => b.section === 'Table of Contents');
    expect(toc.map((b) => b.text)).toContain(
      '3 Utilities . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 5',
    );
    expect(toc.every((b) => b.page === 3)).toBe(true);
    expect(manual.blocks.some((b) => b.section?.includes('. . . .'))).toBe(false);
  });

  it('never takes a line of code (fixed-pitch type) for a heading', () => {
    expect(manual.blocks.some((b) => b.section === 'BEGIN' || b.section === 'END')).toBe(false);
  });

  it('cites the introduction on its page', () => {
    expect(blockWith(manual, 'This document describes the Libtasn1 library')).toMatchObject({
      page: 4,
      section: '1 Introduction',
    });
  });
});
