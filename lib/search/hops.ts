// Result pages are requested one hop at a time, and every address is checked before it is
// requested (docs/SECURITY.md, property 5): a search result, or a public page that redirects, must
// not send the extension into the user's own network (router, intranet, a local service), whose
// text would then flow into the prompt and maybe to a remote composer. Following redirects in
// fetch itself would check only the last address, after the private one was already requested.

import { t } from '../core/i18n';
import { isPrivateHost, type FetchLike } from '../core/net';

export interface HopPolicy {
  /** Loopback and private-network addresses are requested only when the user allowed them. */
  allowPrivateHosts: boolean;
  /** Origins the provider builds result addresses on itself (a local Wikipedia mirror). */
  trustedOrigins?: readonly string[];
  /** Redirects followed before giving up. */
  maxHops?: number;
}

export const HOP_DEFAULTS = { maxHops: 5 };

export type HopOutcome =
  { ok: true; response: Response; url: string } | { ok: false; reason: string; refused: boolean };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Functions, not constants: the words follow the panel's language, bound after this loads. */
export const privateRefusal = () => t('search_refused_private');
export const opaqueRedirectRefusal = () => t('search_refused_opaque_redirect');

/** Why `url` may not be requested under `policy`, or null when it may. */
export function hopRefusal(url: URL, policy: HopPolicy): string | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return t('search_refused_scheme', url.protocol);
  if (policy.allowPrivateHosts || policy.trustedOrigins?.includes(url.origin)) return null;
  return isPrivateHost(url.hostname) ? privateRefusal() : null;
}

/**
 * GETs `start` with `redirect: 'manual'`, checking each address (scheme, private host) before it
 * is requested and following at most `maxHops` redirects. In Node a manual redirect shows its
 * Location and is followed here; an extension page or worker gets an opaque redirect (status 0,
 * no Location), so there a redirected page is refused, never followed blind.
 */
export async function fetchHopByHop(
  fetchFn: FetchLike,
  start: URL,
  init: RequestInit,
  policy: HopPolicy,
): Promise<HopOutcome> {
  const maxHops = policy.maxHops ?? HOP_DEFAULTS.maxHops;
  let url = start;
  for (let hop = 0; ; hop++) {
    const refusal = hopRefusal(url, policy);
    if (refusal)
      return {
        ok: false,
        refused: true,
        reason: hop === 0 ? refusal : t('search_refused_redirect', refusal),
      };
    const response = await fetchFn(url.href, { ...init, redirect: 'manual' });
    if (response.type === 'opaqueredirect')
      return { ok: false, refused: true, reason: opaqueRedirectRefusal() };
    const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (location === null) return { ok: true, response, url: url.href };
    await response.body?.cancel().catch(() => {});
    if (hop >= maxHops)
      return { ok: false, refused: false, reason: `more than ${maxHops} redirects` };
    try {
      url = new URL(location, url);
    } catch {
      return { ok: false, refused: false, reason: 'redirected to an address that is not valid' };
    }
  }
}
