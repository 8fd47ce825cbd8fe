// A Hugging Face-shaped model hub on 127.0.0.1 for tests: `/<owner>/<name>/resolve/<revision>/<file>`
// serves the generated tiny model files (GET and HEAD, with content-length), optionally with the
// CORS headers huggingface.co sends, so extension pages can fetch it without host permission.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MODEL_MANIFEST } from '../../lib/models/manifest';
import type { Route } from './server';

export interface HubRouteOptions {
  /** Folder holding `<model folder>/<file>` (from `generateModels`). */
  source: string;
  /** Revisions answered besides `main`. */
  revisions?: readonly string[];
  cors?: boolean;
  /** Records `METHOD /path` of every hub request. */
  requests?: string[];
  /** HEAD answers `x-linked-size` (as the hub does for LFS files) with a content-length that is not the file's. */
  linkedSize?: boolean;
  /** Paths (`<folder>/<file>`) answered with this status instead of the file. */
  fail?: Record<string, number>;
}

export function hubRoute(options: HubRouteOptions): Route {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    // An optional prefix before `<owner>/<name>` is a hub address that is wrong: 404, as the hub says.
    const match = /^((?:\/[^/]+)*?)\/([^/]+)\/([^/]+)\/resolve\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match) return false;
    options.requests?.push(`${req.method} ${url.pathname}`);
    const cors: Record<string, string> = options.cors
      ? {
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'x-linked-size, x-repo-commit, content-length',
        }
      : {};
    if (req.method === 'OPTIONS') {
      res
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': 'GET, HEAD',
          'access-control-allow-headers': '*',
        })
        .end();
      return true;
    }
    const [, prefix, owner, name, revision, rawPath] = match;
    const folder = prefix
      ? undefined
      : MODEL_MANIFEST.models.find((m) => m.id === `${owner}/${name}`)?.folder;
    const path = decodeURIComponent(rawPath!);
    const notFound = () =>
      res.writeHead(404, { ...cors, 'content-type': 'text/plain' }).end('Entry not found');
    if (!folder || (revision !== 'main' && !options.revisions?.includes(revision!))) {
      notFound();
      return true;
    }
    const status = options.fail?.[`${folder}/${path}`];
    if (status) {
      res.writeHead(status, { ...cors, 'content-type': 'text/plain' }).end('refused');
      return true;
    }
    let body: Buffer;
    try {
      body = await readFile(join(options.source, folder, path));
    } catch {
      notFound();
      return true;
    }
    const headers = {
      ...cors,
      'content-type': 'application/octet-stream',
      'content-length': String(body.byteLength),
      'x-repo-commit': 'c0ffee0000000000000000000000000000000002',
    };
    if (req.method === 'HEAD') {
      // The hub's own HEAD answer for an LFS file is a small redirect: its content-length is not the file's.
      res
        .writeHead(
          200,
          options.linkedSize
            ? { ...headers, 'content-length': '1', 'x-linked-size': String(body.byteLength) }
            : headers,
        )
        .end();
    } else {
      res.writeHead(200, headers).end(body);
    }
    return true;
  };
}
