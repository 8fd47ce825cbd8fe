// A copy of a document cut to a budget, for the reader (docs/SECURITY.md, property 14). Reading
// a page (judging every element's visibility, then Readability) costs time on the page's own
// thread in proportion to its size: a 500k-paragraph page took half a minute. The copy keeps the
// document's first elements in document order, so it is the page's beginning, and every element
// it keeps has a prefix of its children: the lockstep walk of `pruneHidden` still pairs each kept
// element with its live original.

export interface CloneBudget {
  /** Elements to copy at most. */
  maxElements: number;
  /** Stop copying when `now()` passes this. */
  deadline: number;
  now: () => number;
}

export interface BoundedClone {
  clone: Document;
  /** Why the copy ends before the document does, or null when it is whole. */
  cut: 'elements' | 'time' | null;
}

/** The clock is read once per this many elements: often enough, and cheap. */
const CLOCK_EVERY = 512;

export function boundedClone(document: Document, budget: CloneBudget): BoundedClone {
  const clone = document.cloneNode(false) as Document;
  const root = document.documentElement;
  if (!root) return { clone, cut: null };
  let elements = 0;
  // Pre-order, children pushed last-first: nodes are copied in document order, so whatever is
  // left when the budget runs out is the document's tail.
  const stack: Array<[Node, Node]> = [[root, clone]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    if (node.nodeType === 8) continue; // comments are never page text
    if (node.nodeType === 1) {
      if (elements >= budget.maxElements) return { clone, cut: 'elements' };
      if (elements % CLOCK_EVERY === 0 && budget.now() > budget.deadline)
        return { clone, cut: 'time' };
      elements++;
    }
    const copy = parent.appendChild(node.cloneNode(false));
    for (let child = node.lastChild; child; child = child.previousSibling)
      stack.push([child, copy]);
  }
  return { clone, cut: null };
}
