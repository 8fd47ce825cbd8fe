import { describe, expect, it } from 'vitest';
import { inJunkSection, isJunk, withoutMarkers } from '../../lib/pipeline/junk';

describe('isJunk', () => {
  it.each([
    '^ "SeaMonkey trademarks registered!". kairo.at. Retrieved 2 May 2015.',
    '"SeaMonkey trademarks registered!". kairo.at.',
    'Share this article',
    'Jump to navigation',
    'Home · News · Sport · Weather · Culture',
    '$ wasmer run hello.wasm\nhello, world!',
    // A PDF's table of contents and index (libtasn1's manual, test/fixtures/pdf).
    '4.3 DER functions . . . . . . . . . . . . . . . . . . . . . . . . 15',
    '1 Introduction . . . . . . . . . . . . . . 1',
    'asn1_der_coding . . . . . . . . . . . . . 17',
    'Preface.................................. xi',
  ])('%s is junk', (text) => expect(isJunk(text)).toBe(true));

  it('keeps prose, and prompt lines for a question about code', () => {
    expect(isJunk('SeaMonkey is an internet suite developed by the community.')).toBe(false);
    expect(isJunk('$ wasmer run hello.wasm', 'Which command runs the module?')).toBe(false);
    // An ellipsis before a number is prose, not a dot leader.
    expect(isJunk('The count went up and up... to 15')).toBe(false);
  });
});

describe('withoutMarkers', () => {
  it('removes a photo credit a caption glues to the sentence (nytimes-3)', () => {
    expect(
      withoutMarkers(
        'The likely source of the problem was water and rock salt that had seeped underground.CreditCreditChang W. Lee/The New York Times',
      ),
    ).toBe('The likely source of the problem was water and rock salt that had seeped underground.');
    expect(withoutMarkers('The officials said. Credit for the idea goes to Lee.')).toBe(
      'The officials said. Credit for the idea goes to Lee.',
    );
  });

  it('removes footnote markers, edit links and a marker’s stray tail', () => {
    expect(withoutMarkers('3] One day later it was mozilla.org.[1]')).toBe(
      'One day later it was mozilla.org.',
    );
    expect(withoutMarkers('History[edit]')).toBe('History');
    expect(withoutMarkers('It was 1998.[citation needed][12]: 207')).toBe('It was 1998.');
  });

  it('removes a marker written with spaces inside its brackets, and a letter note', () => {
    expect(withoutMarkers('It registered the domain mozilla.org.[ 4]')).toBe(
      'It registered the domain mozilla.org.',
    );
    expect(withoutMarkers('Its population is 4.9 million.[a] It grew.')).toBe(
      'Its population is 4.9 million. It grew.',
    );
  });

  it('counts photo credits and gallery labels as junk, not a caption that says something', () => {
    // nytimes-1, webmd-1, engadget: seen in passages in a Chromium walk-through.
    for (const line of [
      'Credit Ashraf Shazly/Agence France-Presse — Getty Images',
      'Thomas Jackson/Digital Vision/Getty Images',
      'Devindra Hardawar/AOL',
      'Gallery: Xbox One X | 14 Photos',
      'Photo: Spencer Platt',
    ])
      expect(isJunk(line)).toBe(true);
    expect(isJunk('The photograph shows the lighthouse before the earthquake of 1303.')).toBe(
      false,
    );
    expect(isJunk('Credit card fees rose by 3% in 2016.')).toBe(false);
    expect(isJunk('Image recognition gets better with more data')).toBe(false);
  });

  it('removes a grouped note ("[n 3]", wikipedia-2)', () => {
    expect(withoutMarkers('The realm includes the Ross Dependency.[n 3] It is claimed.')).toBe(
      'The realm includes the Ross Dependency. It is claimed.',
    );
  });

  it("keeps an editor's bracketed letter inside a quotation (cnn)", () => {
    const quoted =
      'As the report states: "[T]he birth lottery matters more in the U.S. than in most well-off countries."';
    expect(withoutMarkers(quoted)).toBe(quoted);
  });
});

describe('junk left by Wikipedia pages', () => {
  it('reads a citation retrieved on an ISO date as junk', () => {
    expect(isJunk('Los Angeles Times. Retrieved 2014-03-28.')).toBe(true);
  });

  it('removes markers with page references and the tail of a marker cut by a sentence split', () => {
    expect(withoutMarkers('the Rayleigh quotient[4] , is defined as:[3]:p. 234[5]')).toBe(
      'the Rayleigh quotient , is defined as:',
    );
    expect(withoutMarkers('1]: 207 The list provides the names of films.')).toBe(
      'The list provides the names of films.',
    );
  });

  it('knows the back-matter sections', () => {
    expect(inJunkSection('References')).toBe(true);
    expect(inJunkSection('External links')).toBe(true);
    expect(inJunkSection(' See also ')).toBe(true);
    expect(inJunkSection('History')).toBe(false);
    expect(inJunkSection(undefined)).toBe(false);
  });
});
