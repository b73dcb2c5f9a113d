/**
 * The spec's six allow-list rules, in one pure function used by the sandbox (to decide) and by the
 * renderer (to explain as the researcher types). Both sides agreeing is the point: an entry the
 * editor accepts is exactly an entry the service accepts, in the same normalised form.
 *
 * 1. full http(s) URL  2. reduced to scheme://host[:port]  3. no wildcards  4. a scheme is required
 * 5. the host needs a dot  6. several origins may be listed (duplicates collapse into one).
 */

export type AllowListErrorCode = 'empty' | 'missing_scheme' | 'unsupported_scheme' | 'wildcard' | 'no_dot' | 'credentials' | 'invalid_url';

export type AllowListEntryResult =
  | { input: string; ok: true; origin: string; changed: boolean; duplicateOf: number | null }
  | { input: string; ok: false; code: AllowListErrorCode; message: string };

export type AllowListResult = { ok: boolean; origins: string[]; entries: AllowListEntryResult[] };

const MESSAGES: Record<AllowListErrorCode, string> = {
  empty: 'Enter an address such as https://example.com.',
  missing_scheme: 'Start the address with https:// or http://, for example https://example.com.',
  unsupported_scheme: 'Only http:// and https:// addresses can embed the interview.',
  wildcard: 'Wildcards are not allowed. List each domain on its own line.',
  no_dot: 'Use a full domain name. Names without a dot, such as localhost, are not allowed.',
  credentials: 'Remove the user name or password from the address.',
  invalid_url: 'This is not a valid web address.',
};

const fail = (input: string, code: AllowListErrorCode): AllowListEntryResult => ({
  input,
  ok: false,
  code,
  message: MESSAGES[code],
});

export function normaliseAllowListEntry(raw: string): AllowListEntryResult {
  const input = raw;
  const value = raw.trim();
  if (value === '') return fail(input, 'empty');
  if (value.includes('*')) return fail(input, 'wildcard');
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value);
  if (!scheme) return { input, ok: false, code: 'missing_scheme', message: missingSchemeAdvice(value) };
  const schemeName = (scheme[1] ?? '').toLowerCase();
  if (schemeName !== 'http' && schemeName !== 'https') return fail(input, 'unsupported_scheme');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(input, 'invalid_url');
  }
  if (url.username !== '' || url.password !== '') return fail(input, 'credentials');
  const host = url.hostname.replace(/\.$/, '');
  if (host === '') return fail(input, 'invalid_url');
  if (!host.includes('.') || host.startsWith('[')) return fail(input, 'no_dot');
  const origin = `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`;
  return { input, ok: true, origin, changed: origin !== value, duplicateOf: null };
}

/**
 * Rule 4 refuses an entry without a scheme, but "add the scheme" is only good advice when adding it
 * would make the entry acceptable. So the advice is worked out from what the entry would become:
 * the exact origin to type, or the rule that would still refuse it (e.g. localhost has no dot).
 */
function missingSchemeAdvice(value: string): string {
  const other = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(value);
  if (other) {
    const name = (other[1] ?? '').toLowerCase();
    if (name === 'http' || name === 'https') return `Write two slashes after the scheme, as in ${name}://example.com.`;
    return MESSAGES.unsupported_scheme;
  }
  const withScheme = normaliseAllowListEntry(`https://${value.replace(/^\/+/, '')}`);
  if (!withScheme.ok) return withScheme.code === 'invalid_url' ? MESSAGES.invalid_url : withScheme.message;
  return `Add the scheme: ${withScheme.origin} (or http:// if the site has no https).`;
}

export function normaliseAllowList(entries: readonly string[]): AllowListResult {
  const seen = new Map<string, number>();
  const results: AllowListEntryResult[] = entries.map((entry, index) => {
    const r = normaliseAllowListEntry(entry);
    if (!r.ok) return r;
    const first = seen.get(r.origin);
    if (first === undefined) seen.set(r.origin, index);
    return { ...r, duplicateOf: first ?? null };
  });
  return {
    ok: results.every((r) => r.ok),
    origins: [...seen.keys()],
    entries: results,
  };
}
