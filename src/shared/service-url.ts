/**
 * A workspace's service address. https everywhere; plain http only on this machine's loopback, which
 * is where the embedded sandbox listens. The API key travels in a header, so anything else would send
 * it in clear text.
 */
export type ServiceUrlCheck = { ok: true; url: string } | { ok: false; message: string };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function checkServiceUrl(raw: string): ServiceUrlCheck {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { ok: false, message: 'Enter the full service address, for example https://api.example.com.' };
  }
  if (url.username || url.password) return { ok: false, message: 'Remove the user name or password from the address.' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    return { ok: false, message: 'The address must start with https:// (plain http is only allowed for this computer).' };
  }
  if (url.search || url.hash) return { ok: false, message: 'Remove the query or fragment from the address.' };
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.protocol}//${url.host}${path}` };
}
