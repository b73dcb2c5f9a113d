// A workspace's service address: https everywhere, plain http only on this machine's loopback (where
// the embedded sandbox listens), because the API key travels in a header.
import { describe, it, expect } from 'vitest';
import { checkServiceUrl, type ServiceUrlCheck } from '../../../src/shared/service-url';

function okUrl(r: ServiceUrlCheck): string {
  if (!r.ok) throw new Error(`expected an accepted address, got: ${r.message}`);
  return r.url;
}

function failMessage(r: ServiceUrlCheck): string {
  if (r.ok) throw new Error(`expected a rejected address, got: ${r.url}`);
  return r.message;
}

describe('checkServiceUrl: accepted addresses', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['https://api.example.com/', 'https://api.example.com'],
    ['https://api.example.com///', 'https://api.example.com'],
    ['https://api.example.com/base/', 'https://api.example.com/base'],
    ['https://api.example.com/base/path', 'https://api.example.com/base/path'],
    ['  https://api.example.com/  ', 'https://api.example.com'],
    ['HTTPS://API.Example.COM/Base', 'https://api.example.com/Base'],
    ['https://api.example.com:443/', 'https://api.example.com'],
    ['https://api.example.com:8443', 'https://api.example.com:8443'],
    ['https://localhost:4443', 'https://localhost:4443'],
    ['http://localhost', 'http://localhost'],
    ['http://localhost:5173/', 'http://localhost:5173'],
    ['http://LOCALHOST:3000', 'http://localhost:3000'],
    ['http://127.0.0.1:43110', 'http://127.0.0.1:43110'],
    ['http://127.0.0.1/api/', 'http://127.0.0.1/api'],
    ['http://[::1]:8080/', 'http://[::1]:8080'],
  ])('%s → %s', (input, expected) => {
    expect(okUrl(checkServiceUrl(input))).toBe(expected);
  });

  it('never returns a trailing slash', () => {
    for (const input of ['https://a.example.com/', 'https://a.example.com/x/', 'http://localhost:1/']) {
      expect(okUrl(checkServiceUrl(input)).endsWith('/')).toBe(false);
    }
  });
});

describe('checkServiceUrl: rejected addresses', () => {
  it.each([
    // plain http off the loopback would send the API key in clear text
    'http://api.example.com',
    'http://example.com:80/',
    'http://192.168.1.20:3000',
    'http://10.0.0.1',
    'http://localhost.example.com',
    'http://127.0.0.1.nip.io',
    // other schemes
    'ftp://api.example.com',
    'ws://localhost:3000',
    'file:///etc/passwd',
    'javascript:alert(1)',
    'localhost:3000',
  ])('refuses the insecure or non-web address %s', (input) => {
    expect(failMessage(checkServiceUrl(input))).toMatch(/https:\/\//);
  });

  it.each(['https://user:pass@api.example.com', 'https://user@api.example.com', 'http://admin:x@localhost:3000'])('refuses credentials in %s', (input) => {
    expect(failMessage(checkServiceUrl(input))).toMatch(/user name or password/i);
  });

  it.each(['https://api.example.com/?key=abc', 'https://api.example.com/v1?x=1', 'https://api.example.com/#frag', 'http://localhost:3000/#x'])(
    'refuses a query or fragment in %s',
    (input) => {
      expect(failMessage(checkServiceUrl(input))).toMatch(/query or fragment/i);
    },
  );

  it.each(['', '   ', 'not a url', 'api.example.com', '//api.example.com', 'https://', 'https://exa mple.com', 'https://api.example.com:99999'])(
    'refuses the unparseable %j with a hint to enter the full address',
    (input) => {
      expect(failMessage(checkServiceUrl(input))).toMatch(/full service address/i);
    },
  );

  it('explains every refusal in a human sentence that does not echo the input', () => {
    const inputs = ['garbage', 'http://api.example.com', 'https://u:p@api.example.com', 'https://api.example.com/?q=1'];
    const seen = new Set<string>();
    for (const input of inputs) {
      const message = failMessage(checkServiceUrl(input));
      seen.add(message);
      expect(message).toMatch(/^[A-Z]/);
      expect(message).toMatch(/[.)]$/);
      expect(message.split(' ').length).toBeGreaterThan(4);
      expect(message).not.toContain('TypeError');
      expect(message).not.toContain('Invalid URL');
    }
    expect(seen.size).toBe(inputs.length);
  });
});
