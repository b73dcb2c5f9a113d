/**
 * The renderer's Content-Security-Policy. Nothing loads from the network: the renderer has no business
 * talking to the service (main does that), so connect-src allows only main's fieldwork-media: protocol.
 * Media and images come from the app itself or that protocol. The page may fetch() from it because a
 * frame-exact clip is re-encoded in the page (WebCodecs; renderer/features/clips/exact-cut.ts), which must
 * read the saved video's bytes, not just play them; the protocol serves only saved videos and stimuli by id.
 *
 * - development: Vite's dev server needs its origin, a websocket for HMR, and React Refresh's inline
 *   preamble; none of that reaches a build.
 * - test-host: the browser harness bridges IPC over same-origin HTTP, so connect-src is 'self'.
 */
export type CspMode = 'production' | 'development' | 'test-host';

export const MEDIA_SCHEME = 'fieldwork-media';

export function buildCsp(opts: { mode: CspMode; devServerOrigin?: string; forMeta?: boolean }): string {
  const dev = opts.mode === 'development';
  const devOrigin = opts.devServerOrigin ?? 'http://localhost:5173';
  const wsOrigin = devOrigin.replace(/^http/, 'ws');
  const directives: [string, string[]][] = [
    ['default-src', ["'none'"]],
    ['script-src', dev ? ["'self'", "'unsafe-inline'", devOrigin] : ["'self'"]],
    ['style-src', dev ? ["'self'", "'unsafe-inline'", devOrigin] : ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', `${MEDIA_SCHEME}:`]],
    ['media-src', ["'self'", 'blob:', `${MEDIA_SCHEME}:`]],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', dev ? ["'self'", devOrigin, wsOrigin, `${MEDIA_SCHEME}:`] : opts.mode === 'test-host' ? ["'self'"] : [`${MEDIA_SCHEME}:`]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'none'"]],
    ['manifest-src', ["'none'"]],
  ];
  // frame-ancestors is ignored (with a console error) inside a <meta> tag; it is sent as a header.
  if (!opts.forMeta) directives.push(['frame-ancestors', ["'none'"]]);
  return directives.map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');
}
