// A static file server on 127.0.0.1 for tests and benchmarks: pages with correct Content-Types
// (an octet-stream page makes Chromium download it instead of rendering it).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

export interface TestServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** A request body as text (the test servers' JSON and form bodies are small). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((ok, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

export type Route = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/** Serves files under `root`; `routes` may answer a request first (return true when handled). */
export async function serveDirectory(root: string, routes: Route[] = []): Promise<TestServer> {
  const base = resolve(root);
  // The handler catches every failure itself (404), so its promise never rejects.
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      for (const route of routes) if (await route(req, res)) return;
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      const file = normalize(join(base, path.endsWith('/') ? path + 'index.html' : path));
      if (!file.startsWith(base)) {
        res.writeHead(403).end();
        return;
      }
      const body = await readFile(file);
      res
        .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  };
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
