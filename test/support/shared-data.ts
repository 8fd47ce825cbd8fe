// Where ../shared/data is: beside the checkout for the main clone, and some levels further up for
// a git worktree (/work/wt/<name>): the first `shared/data/<name>` found walking up from `from`.

import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export function sharedData(from: string, name: string): string {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, 'shared', 'data', name);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return resolve(from, '../shared/data', name);
    dir = parent;
  }
}
