// HTTP helpers shared by the search providers and the result-page fetcher: deadlines that tell a
// timeout from the caller's cancel, bodies read under a byte cap, charset decoding, Retry-After,
// and the "is this a private address" test. Only `fetch` comes in from outside, as a parameter,
// so the same code runs in the pipeline Worker, Node and vitest.

/** The subset of `fetch` we use. Call it detached (`const f = options.fetch; f(...)`): browsers
 * throw "Illegal invocation" when `window.fetch` is called with another object as `this`. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface Deadline {
  signal: AbortSignal;
  /** True when our timer fired (as opposed to the caller cancelling). */
  timedOut(): boolean;
  /** Clears the timer and the listener on the caller's signal. */
  done(): void;
}

/**
 * An abort signal that fires after `ms` or when `parent` aborts, whichever is first
 * (`AbortSignal.any`). The timer is a plain `setTimeout` rather than `AbortSignal.timeout`, so a
 * timeout says how long it waited and tests can drive it with a fake clock.
 */
export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const timer = new AbortController();
  const handle = setTimeout(
    () => timer.abort(new DOMException(`no answer within ${ms} ms`, 'TimeoutError')),
    ms,
  );
  const signal = parent ? AbortSignal.any([parent, timer.signal]) : timer.signal;
  return {
    signal,
    timedOut: () => timer.signal.aborted && signal.reason === timer.signal.reason,
    done: () => clearTimeout(handle),
  };
}

/** The caller's abort reason, or a standard AbortError: cancelling is not a search failure. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

export type CappedBody = { ok: true; bytes: Uint8Array } | { ok: false; received: number };

/**
 * Reads a body, stopping (and cancelling the stream) as soon as it passes `maxBytes`, so a huge or
 * endless response costs at most `maxBytes` of memory. Throws when the request is aborted.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<CappedBody> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, received: 0 };
  }
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength > maxBytes
      ? { ok: false, received: bytes.byteLength }
      : { ok: true, bytes };
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, received: total };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** The `type/subtype` of a Content-Type header, lower case; '' when absent. */
export function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Decodes HTML bytes: the Content-Type charset, else a `<meta charset>` in the first 1024 bytes
 * (the HTML spec's prescan window), else UTF-8. Unknown labels fall back to UTF-8.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  const fromHeader = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
  const head = fromHeader ? '' : new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const fromMeta =
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1] ??
    /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w.:-]+)/i.exec(head)?.[1];
  const label = fromHeader ?? fromMeta ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP-date (RFC 9110 §10.2.3).
 * Brave also sends `X-RateLimit-Reset` (seconds, one per window, comma-separated): used when
 * Retry-After is absent.
 */
export function retryAfterSeconds(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (value) {
    if (/^\d+$/.test(value)) return Number(value);
    const date = Date.parse(value);
    if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  }
  const reset = headers.get('x-ratelimit-reset');
  if (reset) {
    const seconds = reset
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isFinite(n) && n >= 0);
    if (seconds.length > 0) return Math.min(...seconds);
  }
  return undefined;
}

/**
 * True for loopback, private, link-local and other non-public hosts (by name or literal address).
 * A public search engine has no business sending the extension to the user's router or intranet:
 * the page text would flow into the prompt (and maybe to a remote composer). Hostnames that only
 * resolve to private addresses (DNS rebinding) cannot be seen from here.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  )
    return true;
  if (host === '' || (!host.includes('.') && !host.includes(':'))) return true; // intranet single-label names
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) return privateV4(v4.slice(1).map(Number) as [number, number, number, number]);
  if (host.includes(':')) {
    if (host === '::' || host === '::1') return true;
    const mapped =
      /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host) ??
      /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
    if (mapped) {
      if (mapped.length === 2) return isPrivateHost(mapped[1]!);
      const hi = parseInt(mapped[1]!, 16);
      const lo = parseInt(mapped[2]!, 16);
      return privateV4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
    }
    const first = parseInt(host.split(':')[0] || '0', 16);
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
  }
  return false;
}

function privateV4([a, b]: [number, number, number, number]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168)
  );
}

/** Plain text from a search snippet: tags dropped (`<span class="searchmatch">`, `<strong>`), entities decoded. */
export function stripHtml(html: string, maxChars = MAX_MARKUP_CHARS): string {
  return decodeEntities(stripTags(html.slice(0, maxChars)))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Provider fields (titles, snippets) are short; anything longer is cut before it is parsed, so a
 * hostile reply cannot make the parse slow however large it is.
 */
export const MAX_MARKUP_CHARS = 10_000;

/**
 * Removes `<…>` tags in one pass. The regex `/<[^>]*>/g` is quadratic on text with many `<` and no
 * `>` (each `<` rescans to the end): 80,000 of them took seconds.
 */
function stripTags(html: string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) return out + html.slice(at); // no complete tag left: the rest is text
    out += html.slice(at, open);
    at = close + 1;
  }
  return out;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X'
          ? parseInt(name.slice(2), 16)
          : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[name.toLowerCase()] ?? entity;
  });
}

/** `work`, or the signal's abort reason as soon as it aborts, whichever comes first. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * An address as it may be saved or exported: scheme, host, port and path only. Query strings,
 * fragments and user:password@ parts can carry secrets (`?key=…`), and nothing that is stored or
 * exported needs them.
 */
export function savedAddress(address: string): string {
  try {
    const url = new URL(address);
    return `${url.origin}${url.pathname}`;
  } catch {
    return address.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//');
  }
}

/** Every http(s) address inside `text` reduced to `savedAddress`. */
export function redactAddresses(text: string): string {
  return text.replace(/https?:\/\/[^\s"'<>\\]+/gi, savedAddress);
}
