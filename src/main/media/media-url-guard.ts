import { isIP } from 'node:net';

/**
 * Whether a media link from the service may be fetched. A signed link normally points at public
 * storage; one that points at this machine or the local network (loopback, private, link-local,
 * unspecified addresses, `localhost`) could make Fieldwork read a local service on a server's say-so,
 * so it is refused, unless the workspace's own service address is on that same host (the sandbox and
 * the demo serve their videos from loopback). Only the literal host is judged: no DNS look-up.
 * Returns why it is refused, or null when it may be fetched.
 */
export function refuseMediaUrl(url: string, serviceBaseUrl: string | null): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'The service sent a video link Fieldwork cannot read.';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return `The service sent a video link with the scheme ${u.protocol}, which Fieldwork does not fetch.`;
  const host = bareHost(u.hostname);
  if (!isLocalHost(host)) return null;
  const own = serviceBaseUrl ? safeHost(serviceBaseUrl) : null;
  if (own !== null && own === host) return null;
  return 'The service sent a video link that points at this computer or its local network, not at the service, so Fieldwork did not fetch it.';
}

const bareHost = (h: string) => h.replace(/^\[|\]$/g, '').toLowerCase();

function safeHost(base: string): string | null {
  try {
    return bareHost(new URL(base).hostname);
  } catch {
    return null;
  }
}

/** Loopback, private, link-local, unique-local, unspecified (IPv4, IPv6, IPv4-mapped IPv6) and local names. */
export function isLocalHost(host: string): boolean {
  const h = bareHost(host);
  if (h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.local') || h === '') return true;
  const kind = isIP(h);
  if (kind === 4) return isLocalV4(h);
  if (kind === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(h);
    if (mapped) return isLocalV4(mapped[1]!);
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(h);
    if (hex) {
      const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
      return isLocalV4([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'));
    }
    if (h === '::' || h === '::1') return true;
    const first = parseInt(h.split(':')[0] || '0', 16);
    return (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
  }
  return false;
}

function isLocalV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number, number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}
