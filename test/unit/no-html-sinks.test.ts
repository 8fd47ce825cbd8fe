// No page-derived string reaches an HTML or code sink (docs/SECURITY.md, property 3): the panel
// renders page, model and Wikidata text as React text nodes, so the extension's own code uses no
// sink at all. This reads every source file of lib/, entrypoints/ and components/ (comments and
// strings do not count) and lists each sink it finds.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE_DIRS = ['lib', 'entrypoints', 'components'];
const HTML_PROPERTIES = new Set([
  'innerHTML',
  'outerHTML',
  'insertAdjacentHTML',
  'srcdoc',
  'createContextualFragment',
  'setHTMLUnsafe',
]);

function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => join(root, dir, f)),
  );
}

/** Each sink in `code`, as "line: what". */
export function sinksIn(code: string, fileName = 'x.tsx'): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && HTML_PROPERTIES.has(node.name.text))
      at(node, node.name.text);
    else if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      HTML_PROPERTIES.has(node.argumentExpression.text)
    )
      at(node, node.argumentExpression.text);
    else if (ts.isJsxAttribute(node) && node.name.getText(source) === 'dangerouslySetInnerHTML')
      at(node, 'dangerouslySetInnerHTML');
    else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'eval') at(node, 'eval');
    } else if (
      (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'Function'
    )
      at(node, 'Function constructor');
    else if (
      ts.isPropertyAccessExpression(node) &&
      (node.name.text === 'write' || node.name.text === 'writeln') &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'document'
    )
      at(node, `document.${node.name.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('HTML and code sinks', () => {
  it('finds each kind of sink (so an empty list below means something)', () => {
    const code = [
      'el.innerHTML = x;',
      "el['outerHTML'] = x;",
      'el.insertAdjacentHTML("beforeend", x);',
      'const a = <div dangerouslySetInnerHTML={{ __html: x }} />;',
      'eval(x);',
      'new Function(x);',
      'document.write(x);',
      '// el.innerHTML = x; in a comment is fine',
      'const s = "innerHTML";',
    ].join('\n');
    expect(sinksIn(code)).toEqual([
      '1: innerHTML',
      '2: outerHTML',
      '3: insertAdjacentHTML',
      '4: dangerouslySetInnerHTML',
      '5: eval',
      '6: Function constructor',
      '7: document.write',
    ]);
  });

  it('lib/, entrypoints/ and components/ use none', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      sinksIn(readFileSync(file, 'utf8'), file).map((s) => `${relative(root, file)}:${s}`),
    );
    expect(found).toEqual([]);
    // Parsing every source file takes seconds on a busy machine.
  }, 30_000);
});
