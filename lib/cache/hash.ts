// Content hashes: a page version's identity and an embedding's key.

import type { PageSnapshot } from '../pipeline/types';

/** SHA-256 of a string's UTF-8, lowercase hex (WebCrypto: in browsers, workers and Node 20). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * A page version's identity: SHA-256 of the title and the blocks' text. NUL separates them
 * because it never occurs in page text, so moving a boundary between blocks changes the hash.
 */
export function pageHash(snapshot: Pick<PageSnapshot, 'title' | 'blocks'>): Promise<string> {
  return sha256Hex([snapshot.title, ...snapshot.blocks.map((block) => block.text)].join('\u0000'));
}
