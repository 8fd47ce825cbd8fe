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

describe('sample-sigconf.pdf (ACM acmart, two columns, 6 pages)', () => {
  let paper: PdfSnapshot;
  beforeAll(async () => {
    await configureNodePdfjs();
    paper = await load('sample-sigconf.pdf');
  });
  const texts = () => paper.blocks.map((b) => b.text);

  it('reads the abstract (left column) whole, without the keywords beside it (right column)', () => {
    const abstract = blockWith(paper, 'A clear and well-documented');
    expect(abstract).toMatchObject({ kind: 'paragraph', page: 1, section: 'ABSTRACT' });
    expect(abstract!.text).toBe(
      'A clear and well-documented LATEX document is presented as an article formatted for ' +
        'publication by ACM in a conference proceedings or journal publication. Based on the ' +
        '“acmart” document class, this article presents and explains many of the common ' +
        'variations, as well as many of the formatting elements an author may use in the ' +
        'preparation of the documentation of their work.',
    );
    expect(blockWith(paper, 'datasets, neural networks')).toMatchObject({
      text: 'datasets, neural networks, gaze detection, text tagging',
      page: 1,
      section: 'KEYWORDS',
    });
    const reference = blockWith(paper, 'Ben Trovato, G.K.M. Tobin, Lars Thørväld');
    expect(reference!.text).toMatch(
      /^Ben Trovato, .* 6 pages\. https:\/\/doi\.org\/XXXXXXX\.XXXXXXX$/,
    );
  });

  it('reads a sentence that runs from the foot of the left column to the top of the right whole', () => {
    expect(blockWith(paper, 'Modifying the template')).toMatchObject({
      page: 2,
      section: '3 MODIFICATIONS',
      text:
        'Modifying the template — including but not limited to: adjusting margins, typeface ' +
        'sizes, line spacing, paragraph and list definitions, and the use of the \\vspace ' +
        'command to manually adjust the vertical spacing between elements of your work — is ' +
        'not allowed.',
    });
  });

  it('joins a word hyphenated at a line end inside a list item that does not hang', () => {
    expect(blockWith(paper, 'Computer systems organization')!.text).toBe(
      '• Computer systems organization → Embedded systems; Redundancy; Robotics; • Networks → ' +
        'Network reliability.',
    );
  });

  it('drops the running headers of every page', () => {
    const running = ['Trovato et al.', 'The Name of the Title Is Hope', 'Conference acronym ’XX'];
    for (const text of texts())
      for (const header of running) {
        expect(text.startsWith(header)).toBe(false);
        expect(text.endsWith(header)).toBe(false);
      }
    expect(texts().filter((t) => /^[ivx\d]+$/.test(t))).toEqual([]);
  });

  it('sets the author note apart from the body, and from the permission block under it', () => {
    const notes = paper.blocks.filter((b) => b.section === 'Footnotes');
    expect(notes.map((b) => b.page)).toEqual([1]);
    const lines = notes[0]!.text.split('\n');
    expect(lines[0]).toBe('∗Both authors contributed equally to this research.');
    expect(lines[1]).toMatch(
      /^Permission to make digital or hard copies of all or part of this work/,
    );
    expect(paper.blocks.filter((b) => b.text.includes('Both authors contributed'))).toHaveLength(1);
  });

  it('reads the reference list in small type as entries, not as footnotes', () => {
    expect(blockWith(paper, '[10] Sarah Cohen')).toMatchObject({
      page: 5,
      section: 'REFERENCES',
      text:
        '[10] Sarah Cohen, Werner Nutt, and Yehoshua Sagic. 2007. Deciding equivalances among ' +
        'conjunctive aggregate queries. J. ACM 54, 2, Article 5 (April 2007), 50 pages. ' +
        'https://doi.org/10.1145/1219092.1219093',
    });
    expect(blockWith(paper, '[20] IEEE 2004.')).toMatchObject({ page: 6, section: 'REFERENCES' });
  });

  it('reads Table 1 (in the right column) row by row, under its header and caption', () => {
    const table = blockWith(paper, 'For Swedish names');
    expect(table).toMatchObject({
      kind: 'table',
      page: 3,
      section: 'Table 1: Frequency of Special Characters',
    });
    expect(table!.text.split('\n')).toEqual([
      'Non-English or Math: Ø, Frequency: 1 in 1,000, Comments: For Swedish names',
      'Non-English or Math: 𝜋, Frequency: 1 in 5, Comments: Common in math',
      'Non-English or Math: $, Frequency: 4 in 5, Comments: Used in business',
      // Ψ with a subscript 1 and a superscript 2, read left to right.
      'Non-English or Math: Ψ12, Frequency: 1 in 40,000, Comments: Unexplained usage',
    ]);
  });

  it('reads the full-width Table 2 whole, its middle column over the gutter included', () => {
    const table = blockWith(paper, 'For wider tables');
    expect(table).toMatchObject({
      kind: 'table',
      page: 4,
      section: 'Table 2: Some Typical Commands',
    });
    expect(table!.text.split('\n')).toEqual([
      'Command: \\author, A Number: 100, Comments: Author',
      'Command: \\table, A Number: 300, Comments: For tables',
      'Command: \\table*, A Number: 400, Comments: For wider tables',
    ]);
  });

  it('joins a web address that LaTeX broke at a line end', () => {
    expect(blockWith(paper, 'please see https')!.text).toContain(
      'please see https://www.acm.org/publications/taps/describing-figures/.',
    );
  });

  it('cites known passages on their pages, under their sections', () => {
    expect(blockWith(paper, 'ACM’s consolidated article template')).toMatchObject({
      page: 1,
      section: '1 INTRODUCTION',
    });
    expect(blockWith(paper, 'Figure 1: Seattle Mariners')).toMatchObject({
      text: 'Figure 1: Seattle Mariners at Spring Training, 2010.',
      page: 1,
    });
    expect(blockWith(paper, 'Figure 2: 1907 Franklin Model D roadster')).toMatchObject({
      page: 4,
      section: '12 FIGURES',
    });
    expect(blockWith(paper, 'To Robert, for the bagels')).toMatchObject({ page: 5 });
    expect(blockWith(paper, 'Lorem ipsum dolor sit amet')).toMatchObject({ page: 6 });
  });
});

describe('elstest-5p.pdf (Elsevier elsarticle, two columns, footnotes in both)', () => {
  let paper: PdfSnapshot;
  beforeAll(async () => {
    await configureNodePdfjs();
    paper = await load('elstest-5p.pdf');
  });

  it('reads the footnotes of both columns apart from the body, each whole, column by column', () => {
    const notes = paper.blocks.filter((b) => b.section === 'Footnotes' && b.page === 1);
    expect(notes).toHaveLength(1);
    const lines = notes[0]!.text.split('\n');
    const first = lines.indexOf('1This is the first author footnote.');
    expect(first).toBeGreaterThan(0);
    expect(lines.slice(first, first + 3)).toEqual([
      '1This is the first author footnote.',
      '2Another author footnote, this is a very long footnote and it should be a really long ' +
        'footnote. But this footnote is not yet sufficiently long enough to make two lines of ' +
        'footnote text.',
      '3Yet another author footnote.',
    ]);
    // The right column's note comes after the left column's, its broken words joined.
    expect(
      lines.indexOf(
        '4WGM occur at particular resonant wavelengths of light for a given dielectric sphere ' +
          'size. At these wavelengths, the light undergoes total internal reflection at the ' +
          'sphere surface and becomes trapped within the particle for timescales of the order of ns.',
      ),
    ).toBeGreaterThan(first + 2);
    const body = paper.blocks.filter((b) => b.section !== 'Footnotes');
    expect(body.some((b) => /author footnote|WGM occur|Corresponding author/.test(b.text))).toBe(
      false,
    );
  });

  it('reads the body paragraphs beside and above the notes whole', () => {
    expect(blockWith(paper, 'Although quadrupole excitons')!.text).toMatch(
      /^Although quadrupole excitons .* planar micro-?cavity \[6\]\. .* not effective due to quadrupole origin of the excitons\.$/,
    );
    expect(blockWith(paper, 'Therefore in this work we propose')).toMatchObject({
      page: 1,
      text:
        'Therefore in this work we propose to prevent the polariton escaping by trapping it ' +
        'into a whispering gallery mode (WGM)4 of a polystyrene micro-sphere (PMS).',
    });
  });
});
