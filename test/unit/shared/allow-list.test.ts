// The embed allow-list rules from the service spec ("PUT /v1/projects/{project_id}/embed/allow-list"):
// 1. a full http or https URL  2. reduced to scheme://host[:port]  3. no wildcards  4. a scheme is required
// 5. the hostname needs a dot  6. several domains may be active at once.
import { describe, it, expect } from 'vitest';
import { normaliseAllowList, normaliseAllowListEntry, type AllowListEntryResult, type AllowListErrorCode } from '../../../src/shared/allow-list';

function expectOk(r: AllowListEntryResult): Extract<AllowListEntryResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ${JSON.stringify(r.input)} to be accepted, got ${r.code}`);
  return r;
}

function expectRejected(r: AllowListEntryResult): Extract<AllowListEntryResult, { ok: false }> {
  if (r.ok) throw new Error(`expected ${JSON.stringify(r.input)} to be rejected, got ${r.origin}`);
  return r;
}

describe('normaliseAllowListEntry: accepted entries and their normal form (rules 1 and 2)', () => {
  it.each([
    // rule 1: full http and https URLs
    { input: 'https://example.com', origin: 'https://example.com' },
    { input: 'http://example.com', origin: 'http://example.com' },
    { input: 'https://shop.example.co.uk', origin: 'https://shop.example.co.uk' },
    // rule 2: paths, query strings and fragments are dropped
    { input: 'https://example.com/', origin: 'https://example.com' },
    { input: 'https://example.com/research/study?utm=1', origin: 'https://example.com' },
    { input: 'https://example.com/#section', origin: 'https://example.com' },
    { input: 'https://example.com?x=1#y', origin: 'https://example.com' },
    // default ports disappear, other ports stay
    { input: 'https://example.com:443', origin: 'https://example.com' },
    { input: 'http://example.com:80/path', origin: 'http://example.com' },
    { input: 'https://example.com:8443', origin: 'https://example.com:8443' },
    { input: 'http://example.com:8080/a/b', origin: 'http://example.com:8080' },
    { input: 'http://example.com:443', origin: 'http://example.com:443' },
    { input: 'https://example.com:80', origin: 'https://example.com:80' },
    // upper case scheme and host are lower-cased
    { input: 'HTTPS://EXAMPLE.COM', origin: 'https://example.com' },
    { input: 'Https://Shop.Example.Com:8443/Path', origin: 'https://shop.example.com:8443' },
    // surrounding whitespace is ignored
    { input: '  https://example.com  ', origin: 'https://example.com' },
    // a trailing root dot does not make a different origin
    { input: 'https://example.com.', origin: 'https://example.com' },
    // internationalised domain names are punycoded
    { input: 'https://bücher.de', origin: 'https://xn--bcher-kva.de' },
    { input: 'https://BÜCHER.de/katalog', origin: 'https://xn--bcher-kva.de' },
    { input: 'https://münchen.example.com:8443', origin: 'https://xn--mnchen-3ya.example.com:8443' },
  ])('$input → $origin', ({ input, origin }) => {
    const r = expectOk(normaliseAllowListEntry(input));
    expect(r.origin).toBe(origin);
    expect(r.input).toBe(input);
    expect(r.duplicateOf).toBeNull();
  });

  it('reports whether normalisation changed the entry', () => {
    expect(expectOk(normaliseAllowListEntry('https://example.com')).changed).toBe(false);
    expect(expectOk(normaliseAllowListEntry('https://example.com:8443')).changed).toBe(false);
    expect(expectOk(normaliseAllowListEntry('https://example.com/')).changed).toBe(true);
    expect(expectOk(normaliseAllowListEntry('HTTPS://EXAMPLE.COM')).changed).toBe(true);
    expect(expectOk(normaliseAllowListEntry('https://example.com:443')).changed).toBe(true);
  });

  it('never leaves a path, query, fragment or userinfo in an accepted origin', () => {
    for (const input of ['https://example.com/a/b/c', 'https://example.com/?q=1', 'https://example.com/#f', 'HTTP://EXAMPLE.COM:8080/x?y#z']) {
      const { origin } = expectOk(normaliseAllowListEntry(input));
      expect(origin).toMatch(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/);
    }
  });
});

describe('normaliseAllowListEntry: rejected entries (rules 1, 3, 4 and 5)', () => {
  it.each<{ input: string; code: AllowListErrorCode }>([
    // rule 3: wildcards
    { input: '*.example.com', code: 'wildcard' },
    { input: 'https://*.example.com', code: 'wildcard' },
    { input: 'http://*.example.com:8080', code: 'wildcard' },
    { input: '*', code: 'wildcard' },
    // rule 4: no scheme
    { input: 'example.com', code: 'missing_scheme' },
    { input: 'www.example.com/path', code: 'missing_scheme' },
    { input: 'example.com:8080', code: 'missing_scheme' },
    { input: '//example.com', code: 'missing_scheme' },
    { input: 'https:/example.com', code: 'missing_scheme' },
    // rule 1: only http and https (schemes without "//" read as a missing scheme)
    { input: 'ftp://example.com', code: 'unsupported_scheme' },
    { input: 'ws://example.com', code: 'unsupported_scheme' },
    { input: 'file:///etc/passwd', code: 'unsupported_scheme' },
    { input: 'javascript://example.com/%0aalert(1)', code: 'unsupported_scheme' },
    { input: 'javascript:alert(1)', code: 'missing_scheme' },
    { input: 'data:text/html,<script>alert(1)</script>', code: 'missing_scheme' },
    { input: 'mailto:someone@example.com', code: 'missing_scheme' },
    // rule 5: hostname without a dot
    { input: 'http://localhost', code: 'no_dot' },
    { input: 'http://localhost:3000/path', code: 'no_dot' },
    { input: 'https://intranet:8443', code: 'no_dot' },
    { input: 'http://localhost.', code: 'no_dot' },
    { input: 'http://[::1]', code: 'no_dot' },
    { input: 'http://[::1]:8080', code: 'no_dot' },
    // credentials
    { input: 'https://user:secret@example.com', code: 'credentials' },
    { input: 'https://user@example.com', code: 'credentials' },
    { input: 'https://:secret@example.com', code: 'credentials' },
    // empty
    { input: '', code: 'empty' },
    { input: '   ', code: 'empty' },
    { input: '\t\n', code: 'empty' },
    // not a URL at all
    { input: 'http://', code: 'invalid_url' },
    { input: 'https://exa mple.com', code: 'invalid_url' },
    { input: 'https://example.com:99999', code: 'invalid_url' },
  ])('$input → $code', ({ input, code }) => {
    const r = expectRejected(normaliseAllowListEntry(input));
    expect(r.code).toBe(code);
    expect(r.input).toBe(input);
  });

  it.each(['ftp://example.com', 'javascript:alert(1)', 'data:text/html,x', 'chrome-extension://abc.def', 'about:blank'])(
    'rejects the non-web scheme in %s',
    (input) => {
      const r = expectRejected(normaliseAllowListEntry(input));
      expect(['unsupported_scheme', 'missing_scheme']).toContain(r.code);
    },
  );

  it('gives every error code a human sentence, not the code itself', () => {
    const samples = ['', '*.example.com', 'example.com', 'ftp://example.com', 'http://localhost', 'https://u:p@example.com', 'http://'];
    const codes = new Set<string>();
    for (const input of samples) {
      const r = expectRejected(normaliseAllowListEntry(input));
      codes.add(r.code);
      expect(r.message.length).toBeGreaterThan(15);
      expect(r.message).toMatch(/^[A-Z]/);
      expect(r.message).toMatch(/\.$/);
      expect(r.message).toContain(' ');
      expect(r.message).not.toContain(r.code);
    }
    // the samples above cover every code
    expect(codes).toEqual(new Set(['empty', 'wildcard', 'missing_scheme', 'unsupported_scheme', 'no_dot', 'credentials', 'invalid_url']));
  });

  it('explains the wildcard and missing-scheme errors in their own words', () => {
    expect(expectRejected(normaliseAllowListEntry('*.example.com')).message).toMatch(/wildcard/i);
    expect(expectRejected(normaliseAllowListEntry('example.com')).message).toMatch(/scheme|https:\/\//i);
    expect(expectRejected(normaliseAllowListEntry('http://localhost')).message).toMatch(/dot|domain/i);
  });

  // Advice to "add the scheme" is only honest when adding it would make the entry acceptable.
  it.each([
    { input: 'shop.example.com', message: 'Add the scheme: https://shop.example.com (or http:// if the site has no https).' },
    { input: 'example.com:8080/path', message: 'Add the scheme: https://example.com:8080 (or http:// if the site has no https).' },
    { input: 'localhost:3000', message: 'Use a full domain name. Names without a dot, such as localhost, are not allowed.' },
    { input: 'intranet', message: 'Use a full domain name. Names without a dot, such as localhost, are not allowed.' },
    { input: 'https:/example.com', message: 'Write two slashes after the scheme, as in https://example.com.' },
    { input: 'mailto:someone@example.com', message: 'Only http:// and https:// addresses can embed the interview.' },
    { input: 'exa mple.com', message: 'This is not a valid web address.' },
  ])('without a scheme, $input is told what would make it acceptable', ({ input, message }) => {
    const r = expectRejected(normaliseAllowListEntry(input));
    expect(r.code).toBe('missing_scheme');
    expect(r.message).toBe(message);
  });

  it('an entry the advice suggests is accepted as suggested', () => {
    for (const input of ['shop.example.com', 'example.com:8080/path', '//www.example.org']) {
      const advice = expectRejected(normaliseAllowListEntry(input)).message;
      const suggested = /^Add the scheme: (\S+) /.exec(advice)?.[1];
      expect(suggested, advice).toBeDefined();
      expect(expectOk(normaliseAllowListEntry(suggested!)).origin).toBe(suggested);
    }
  });
});

describe('normaliseAllowList: the whole list (rule 6)', () => {
  it('accepts an empty list, which the spec says clears it', () => {
    expect(normaliseAllowList([])).toEqual({ ok: true, origins: [], entries: [] });
  });

  it('keeps several valid domains, in the order given', () => {
    const r = normaliseAllowList(['https://www.example.com/page', 'https://app.example.org', 'http://staging.example.net:8080']);
    expect(r.ok).toBe(true);
    expect(r.origins).toEqual(['https://www.example.com', 'https://app.example.org', 'http://staging.example.net:8080']);
    expect(r.entries).toHaveLength(3);
    expect(r.entries.every((e) => e.ok)).toBe(true);
  });

  it('collapses duplicates after normalisation and points each duplicate at the first occurrence', () => {
    const r = normaliseAllowList([
      'https://example.com',
      'https://other.example.org',
      'HTTPS://EXAMPLE.COM/path?x=1',
      'https://example.com:443/',
      'https://other.example.org/#top',
    ]);
    expect(r.ok).toBe(true);
    expect(r.origins).toEqual(['https://example.com', 'https://other.example.org']);
    const dupes = r.entries.map((e) => (e.ok ? e.duplicateOf : 'invalid'));
    expect(dupes).toEqual([null, null, 0, 0, 1]);
  });

  it('does not treat different schemes or ports of one host as duplicates', () => {
    const r = normaliseAllowList(['https://example.com', 'http://example.com', 'https://example.com:8443']);
    expect(r.origins).toEqual(['https://example.com', 'http://example.com', 'https://example.com:8443']);
    expect(r.entries.map((e) => (e.ok ? e.duplicateOf : 'invalid'))).toEqual([null, null, null]);
  });

  it('is not ok when any entry is invalid, but still reports the valid origins and every entry', () => {
    const r = normaliseAllowList(['https://example.com', 'localhost', '*.example.org', 'https://shop.example.net']);
    expect(r.ok).toBe(false);
    expect(r.origins).toEqual(['https://example.com', 'https://shop.example.net']);
    expect(r.entries.map((e) => (e.ok ? 'ok' : e.code))).toEqual(['ok', 'missing_scheme', 'wildcard', 'ok']);
    for (const e of r.entries) if (!e.ok) expect(e.message).not.toBe('');
  });

  it('points duplicateOf at the index in the submitted list, counting invalid entries', () => {
    const r = normaliseAllowList(['nope', 'https://example.com', 'https://example.com/x']);
    expect(r.entries[2]).toMatchObject({ ok: true, duplicateOf: 1 });
  });

  it('is not ok for a list made only of blank lines', () => {
    const r = normaliseAllowList(['', '  ']);
    expect(r.ok).toBe(false);
    expect(r.origins).toEqual([]);
  });
});
