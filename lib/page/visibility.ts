// Decides which elements a reader cannot see, so their text never becomes a passage
// (docs/SECURITY.md, property 6: display:none, visibility:hidden, aria-hidden, zero-size, off-screen).
// Two judges share one interface: the browser's, from computed style and layout, and a static
// one for Node (CLI, tests), which has no CSS engine and so only sees attributes and inline styles.

export type IsHidden = (element: Element) => boolean;

/** Elements whose content is never page text, whatever their style. */
export const NEVER_TEXT = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'head',
  'meta',
  'link',
  'iframe',
  'object',
  'embed',
  'canvas',
  'svg',
  'math',
  'select',
  'option',
  'textarea',
  'input',
  'button',
  'dialog',
]);

const HIDDEN_CLASS = /(^|\s)(sr-only|visually-hidden|screen-reader-text|hidden)(\s|$)/i;

function hiddenByAttributes(element: Element): boolean {
  if (NEVER_TEXT.has(element.localName)) return true;
  // Attribute values are case-insensitive to the accessibility tree: aria-hidden="TRUE" hides.
  const ariaHidden = element.getAttribute('aria-hidden')?.trim().toLowerCase();
  return element.hasAttribute('hidden') || ariaHidden === 'true';
}

/** Node-side judge: attributes, inline style and the usual "visually hidden" class names. */
export const staticIsHidden: IsHidden = (element) => {
  if (hiddenByAttributes(element)) return true;
  if (HIDDEN_CLASS.test(element.getAttribute('class') ?? '')) return true;
  return hiddenByDeclarations(element.getAttribute('style') ?? '');
};

/**
 * Whether CSS declarations (an inline style, or a rule's body) hide the text they apply to. Without
 * a CSS engine only the declarations themselves can be read: the browser judge below sees layout.
 */
function hiddenByDeclarations(css: string): boolean {
  const style = css.toLowerCase().replace(/\s+/g, '');
  return (
    /(^|;)display:none/.test(style) ||
    /(^|;)visibility:(hidden|collapse)/.test(style) ||
    /(^|;)opacity:0(\.0*)?(;|$)/.test(style) ||
    // Under a pixel or a point hides; 0.9375rem is 15px and shows (0.0x of a relative unit hides).
    /(^|;)font-size:0(\.\d*)?(px|pt)(;|$|!)/.test(style) ||
    /(^|;)font-size:0(\.0\d*)?(em|rem|%)?(;|$|!)/.test(style) ||
    /(^|;)color:(transparent|rgba\(\d+,\d+,\d+,0(\.0*)?\))/.test(style) ||
    /(^|;)transform:scale[xy]?\(0(\.0*)?[,)]/.test(style) ||
    /(^|;)clip-path:inset\((50|[5-9]\d|100)(\.\d*)?%/.test(style) ||
    (/overflow(-[xy])?:(hidden|clip)/.test(style) &&
      /(^|;)(max-)?(width|height):(0|1px)/.test(style)) ||
    // Pushed 1000px or more off the left/top edge (the `left:-9999px` / `text-indent:-9999px`
    // tricks), or 10,000px or more off to the right.
    /(^|;)(left|top|text-indent|margin-left|margin-top):-\d{4,}(\.\d*)?px/.test(style) ||
    /(^|;)(left|margin-left|text-indent):\d{5,}(\.\d*)?px/.test(style)
  );
}

/**
 * Node-side judge that also reads the page's own `<style>` elements: hostile pages hide injected
 * instructions with a plain class rule (`.note { display: none }`, or any declaration
 * `hiddenByDeclarations` knows), which attributes and inline styles do not show. Only top-level rules count (not those inside `@media print { … }` and other
 * at-rules) and only selectors without pseudo-classes (`:hover` does not always apply). This errs
 * towards hiding (`.d-none` shown again by a media query stays hidden): missing text is safer than
 * leaking hidden text into passages (docs/SECURITY.md, property 6). A top-level rule that shows the
 * element again with the cascade on its side does count (`#a #modal { opacity: 0 }` then
 * `#a.open #modal { opacity: 1 }`): pages saved with a dialog open hold their article in such an
 * element, and reading it as hidden left the page empty.
 */
export function stylesheetIsHidden(document: Document, base: IsHidden = staticIsHidden): IsHidden {
  const rules = Array.from(document.querySelectorAll('style')).flatMap((style, sheet) =>
    visibilityRules(style.textContent ?? '', sheet * 1_000_000),
  );
  const hiding = new Map<Element, StyleRule[]>();
  for (const rule of rules) {
    if (!rule.hides) continue;
    for (const element of matching(document, rule.selector))
      hiding.set(element, [...(hiding.get(element) ?? []), rule]);
  }
  // A rule hiding the whole document is an anti-flicker trick (`body { visibility: hidden }`)
  // that the page's scripts undo on load; in Node no script runs, so it would hide everything.
  // (querySelector, not `document.body`: linkedom's getter adds a missing <head>, changing the tree.)
  for (const root of [document.documentElement, document.querySelector('body')])
    if (root) hiding.delete(root);
  const showing = rules.filter((rule) => rule.shows.size > 0);
  const hidden = new Set<Element>();
  for (const [element, hiders] of hiding)
    if (hiders.some((rule) => !shownAgain(element, rule, showing))) hidden.add(element);
  return hidden.size === 0 ? base : (element) => hidden.has(element) || base(element);
}

/** A top-level style rule as far as visibility goes: one selector, and what its body does. */
interface StyleRule {
  selector: string;
  specificity: number;
  /** Source order across the page's style sheets: a later rule wins a tie. */
  order: number;
  /** The body hides (any declaration `hiddenByDeclarations` knows). */
  hides: boolean;
  /** The properties the body hides with, among those another rule can undo. */
  hiddenBy: Map<ShowableProperty, boolean>;
  /** The properties the body shows with (`display: block`, `visibility: visible`, `opacity: 1`). */
  shows: Map<ShowableProperty, boolean>;
  /** An id (`#x`) or class (`.x`) the selector's last part asks for: a quick test before matching. */
  key: string | null;
}

type ShowableProperty = 'display' | 'visibility' | 'opacity';

function matching(document: Document, selector: string): Element[] {
  try {
    return Array.from(document.querySelectorAll(selector));
  } catch {
    return []; // A selector the DOM implementation cannot parse: ignore the rule.
  }
}

/**
 * Whether the cascade undoes `hider` on `element`: for every property it hides with, a matching
 * rule (or the inline style) shows it again with more weight (important, then specificity, then
 * order). A hiding declaration of another kind (`font-size: 0`, `color: transparent`) is never undone.
 */
function shownAgain(element: Element, hider: StyleRule, showing: StyleRule[]): boolean {
  if (hider.hiddenBy.size === 0) return false;
  const inline = declarationEffects(element.getAttribute('style') ?? '');
  for (const [property, important] of hider.hiddenBy) {
    if (inline.shows.has(property) && (inline.shows.get(property) || !important)) continue;
    const beats = (rule: StyleRule) => {
      const ruleImportant = rule.shows.get(property);
      if (ruleImportant === undefined || ruleImportant !== important) return ruleImportant === true;
      if (rule.specificity !== hider.specificity) return rule.specificity > hider.specificity;
      return rule.order > hider.order;
    };
    const fits = (rule: StyleRule) => keyFits(element, rule.key) && matches(element, rule.selector);
    if (!showing.some((rule) => beats(rule) && fits(rule))) return false;
  }
  return true;
}

/** The first plain id or class of the selector's last compound (`#box` of `#a.open #box`). */
function selectorKey(selector: string): string | null {
  const last = selector.split(/[\s>+~]+/).pop() ?? '';
  return /[#.][\w-]+(?![\w\\-])/.exec(last)?.[0] ?? null;
}

function keyFits(element: Element, key: string | null): boolean {
  if (!key) return true;
  const name = key.slice(1);
  return key.startsWith('#') ? element.id === name : element.classList.contains(name);
}

function matches(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return false;
  }
}

/** The page's top-level rules that hide or show (at-rules and pseudo-class selectors left out). */
function visibilityRules(css: string, orderBase: number): StyleRule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: StyleRule[] = [];
  let depth = 0;
  let preludeStart = 0;
  let prelude = '';
  let bodyStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === ';' && depth === 0) preludeStart = i + 1;
    else if (ch === '{') {
      if (depth === 0) {
        prelude = text.slice(preludeStart, i).trim();
        bodyStart = i + 1;
      }
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0) {
        const body = text.slice(bodyStart, i);
        if (!prelude.startsWith('@') && !body.includes('{'))
          rules.push(...rulesOf(prelude, body, orderBase + rules.length));
        preludeStart = i + 1;
      }
    }
  }
  return rules;
}

function rulesOf(prelude: string, body: string, order: number): StyleRule[] {
  const hides = hiddenByDeclarations(body);
  const effects = declarationEffects(body);
  if (!hides && effects.shows.size === 0) return [];
  // Hidden by a declaration no other rule is taken to undo (`font-size: 0`): stays hidden.
  const undoable = !hiddenByDeclarations(effects.rest);
  const hiddenBy = undoable ? effects.hides : new Map<ShowableProperty, boolean>();
  return prelude
    .split(',')
    .map((selector) => selector.trim())
    .filter((selector) => selector && !selector.includes(':'))
    .map((selector) => ({
      selector,
      specificity: specificity(selector),
      order,
      hides,
      hiddenBy,
      shows: effects.shows,
      key: selectorKey(selector),
    }));
}

/**
 * What declarations do to `display`, `visibility` and `opacity` (the last one of a property wins;
 * the value says whether it is `!important`), and the other declarations. Only a clear "shown"
 * counts as showing: `opacity` of at least 0.5, `visibility: visible`, a `display` other than none.
 */
function declarationEffects(css: string): {
  hides: Map<ShowableProperty, boolean>;
  shows: Map<ShowableProperty, boolean>;
  rest: string;
} {
  const hides = new Map<ShowableProperty, boolean>();
  const shows = new Map<ShowableProperty, boolean>();
  const rest: string[] = [];
  for (const declaration of css.toLowerCase().replace(/\s+/g, '').split(';')) {
    const colon = declaration.indexOf(':');
    const property = declaration.slice(0, colon);
    if (property !== 'display' && property !== 'visibility' && property !== 'opacity') {
      rest.push(declaration);
      continue;
    }
    const important = declaration.endsWith('!important');
    const value = declaration.slice(colon + 1).replace(/!important$/, '');
    const effect = visibilityEffect(property, value);
    hides.delete(property);
    shows.delete(property);
    if (effect === 'hide') hides.set(property, important);
    else if (effect === 'show') shows.set(property, important);
  }
  return { hides, shows, rest: rest.join(';') };
}

function visibilityEffect(property: ShowableProperty, value: string): 'hide' | 'show' | null {
  if (property === 'display') {
    if (value === 'none') return 'hide';
    return /^(inherit|initial|unset|revert|revert-layer|)$/.test(value) ? null : 'show';
  }
  if (property === 'visibility')
    return value === 'hidden' || value === 'collapse'
      ? 'hide'
      : value === 'visible'
        ? 'show'
        : null;
  const opacity = value.endsWith('%') ? Number.parseFloat(value) / 100 : Number(value);
  if (value === '' || Number.isNaN(opacity)) return null;
  return opacity === 0 ? 'hide' : opacity >= 0.5 ? 'show' : null;
}

/** CSS specificity as one number: ids, then classes and attributes, then element names. */
function specificity(selector: string): number {
  const plain = selector.replace(/\\./g, 'x').replace(/\[[^\]]*\]/g, '[]');
  const ids = (plain.match(/#[\w-]/g) ?? []).length;
  const classes = (plain.match(/\.[\w-]|\[\]/g) ?? []).length;
  const types = (plain.match(/(^|[\s>+~])[a-z][\w-]*/gi) ?? []).length;
  return ids * 10_000 + classes * 100 + types;
}

/** Browser judge: computed style and layout of the live page. */
export function browserIsHidden(view: Window): IsHidden {
  return (element) => {
    if (hiddenByAttributes(element)) return true;
    const style = view.getComputedStyle(element);
    if (style.display === 'contents') return false; // no box of its own; children decide
    if (
      style.display === 'none' ||
      style.visibility === 'hidden' ||
      style.visibility === 'collapse'
    )
      return true;
    if (Number(style.opacity) === 0 || parseFloat(style.fontSize) < 1) return true;
    if (transparentText(style) || clippedAway(style.clipPath)) return true;
    // The text itself pushed out of its box (text-indent: -9999px, the image-replacement trick).
    if (Math.abs(parseFloat(style.textIndent) || 0) >= 1000) return true;
    if (typeof element.checkVisibility === 'function' && !element.checkVisibility()) return true;
    const rect = element.getBoundingClientRect();
    const hasText = () => (element.textContent ?? '').trim() !== '';
    // The "visually hidden" pattern: a 0–1 px box that clips its text. A box of no area at all
    // (transform: scale(0), width and height 0) shows no text whatever its overflow.
    if (rect.width * rect.height <= 1 && style.overflow !== 'visible' && hasText()) return true;
    if (rect.width === 0 && rect.height === 0 && hasText()) return true;
    // Pushed off the top or left edge of the document (text-indent/left: -9999px tricks).
    if (rect.right + view.scrollX < 0 || rect.bottom + view.scrollY < 0) return true;
    // Pushed off to the right, out of an ancestor that clips its overflow.
    return rect.left >= view.innerWidth && outsideClippingAncestor(element, rect, view);
  };
}

/**
 * Text drawn in a fully transparent colour, with nothing else to show it: no stroke, no shadow,
 * and no background clipped to the text (the gradient-heading trick keeps such text visible).
 */
function transparentText(style: CSSStyleDeclaration): boolean {
  const alpha = /rgba\([^)]*,\s*([\d.]+)\)$/.exec(style.color)?.[1];
  const clip =
    style.getPropertyValue('background-clip') || style.getPropertyValue('-webkit-background-clip');
  return (
    (style.color === 'transparent' || (alpha !== undefined && Number(alpha) === 0)) &&
    style.textShadow === 'none' &&
    (style.getPropertyValue('-webkit-text-stroke-width') || '0px') === '0px' &&
    clip !== 'text'
  );
}

/** `clip-path: inset(50%)` or more leaves nothing of the box; so does a zero-radius circle. */
function clippedAway(clipPath: string): boolean {
  return (
    /^inset\((50|[5-9]\d|\d{3,})(\.\d*)?%/.test(clipPath) ||
    /^(circle|ellipse)\(0(px|%)?[\s)]/.test(clipPath)
  );
}

/**
 * True when the element's box lies wholly outside an ancestor whose overflow is hidden or clipped
 * (up to 40 levels): such text is never drawn. Called only for boxes right of the viewport.
 */
function outsideClippingAncestor(element: Element, rect: DOMRect, view: Window): boolean {
  let depth = 0;
  for (let el = element.parentElement; el && depth < 40; el = el.parentElement, depth++) {
    const { overflowX } = view.getComputedStyle(el);
    if (overflowX !== 'hidden' && overflowX !== 'clip') continue;
    const box = el.getBoundingClientRect();
    if (rect.left >= box.right || rect.right <= box.left) return true;
  }
  return false;
}

/**
 * Removes from `clone` every element that is hidden in `live`. `clone` must be a fresh deep clone
 * of `live`, so the two trees have the same shape; we walk them in lockstep, skipping the subtree
 * under a hidden element. Iterative, so a deeply nested hostile DOM cannot overflow the stack.
 */
export function pruneHidden(live: Element, clone: Element, isHidden: IsHidden): number {
  const doomed: Element[] = [];
  const stack: Array<[Element, Element]> = [[live, clone]];
  while (stack.length > 0) {
    const [l, c] = stack.pop()!;
    const lc = l.children;
    const cc = c.children;
    const n = Math.min(lc.length, cc.length);
    for (let i = 0; i < n; i++) {
      const le = lc[i]!;
      const ce = cc[i]!;
      // The trees must match; if the live page changed under us, leave that subtree unpruned
      // rather than remove the wrong element.
      if (le.localName !== ce.localName) continue;
      if (isHidden(le)) doomed.push(ce);
      else {
        if (le.localName === 'details' && !le.hasAttribute('open')) closeDetails(ce);
        stack.push([le, ce]);
      }
    }
  }
  for (const element of doomed) element.remove();
  return doomed.length;
}

/**
 * A closed `<details>` shows only its first `<summary>`: everything else in it, text directly
 * inside included, is removed from the clone. (The summary keeps its place in the lockstep walk:
 * later children are skipped because their names no longer match.)
 */
function closeDetails(details: Element): void {
  const summary = Array.from(details.children).find((c) => c.localName === 'summary');
  for (const child of Array.from(details.childNodes)) if (child !== summary) child.remove();
}

/** Removes comment nodes (Readability keeps some; they are never visible text). */
export function removeComments(root: Node): void {
  const comments: Node[] = [];
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 8) comments.push(child);
      else if (child.nodeType === 1 || child.nodeType === 11) stack.push(child);
    }
  }
  for (const comment of comments) comment.parentNode?.removeChild(comment);
}
