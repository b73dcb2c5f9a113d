import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Another implementation of the service contract, making the other choices the spec leaves open ("not
 * shown"): project list items without a type, side reads that answer 404, 409, 204 or an odd shape,
 * transcript turns named `speaker`/`content` with ISO 8601 durations and microsecond clocks, participants
 * with split names, screener answers as lists and objects, unfinished interviews that carry a
 * `completed_at` and sort among finished ones, and a status this client has never heard of.
 */
export type VariantInterview = Record<string, unknown> & { id: string; completed_at: string | null };

export type VariantOptions = {
  projects: { id: string; title: string; interviews: VariantInterview[] }[];
  /** What each side read answers; every one of them is something a real service might do. */
  sideReads?: Partial<Record<'embed' | 'allowList' | 'stimuli' | 'report' | 'credits', SideRead>>;
};

export type SideRead = { status: number; body?: unknown };

export const DEFAULT_SIDE_READS: Record<'embed' | 'allowList' | 'stimuli' | 'report' | 'credits', SideRead> = {
  embed: { status: 409, body: { error: { code: 'not_launched', message: 'Launch the project first.' } } },
  allowList: { status: 204 },
  stimuli: { status: 404, body: { error: { code: 'not_found', message: 'Stimuli exist only on STIMULI projects.' } } },
  report: { status: 200, body: { message: 'No report yet' } },
  credits: { status: 403, body: { error: { code: 'forbidden', message: 'Not for this key.' } } },
};

export async function variantService(o: VariantOptions) {
  const side = { ...DEFAULT_SIDE_READS, ...o.sideReads };
  const seen: string[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res));
  });
  function send(res: ServerResponse, r: SideRead) {
    if (r.body === undefined) {
      res.writeHead(r.status);
      res.end();
      return;
    }
    const text = JSON.stringify(r.body);
    res.writeHead(r.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  }
  function answer(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://variant');
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const path = url.pathname;
    if (path === '/v1/projects') {
      return send(res, {
        status: 200,
        body: {
          items: o.projects.map((p) => ({
            id: p.id,
            title: p.title,
            status: 'IN_PROGRESS',
            created_at: '2026-10-01T09:00:00Z',
            recruiting: { completed_participants: p.interviews.length, has_launched: true, target_participants: 50, type: 'INTERNAL' },
          })),
        },
      });
    }
    if (path === '/v1/credits') return send(res, side.credits);
    if (path === '/v1/stimuli') return send(res, side.stimuli);
    const m = /^\/v1\/projects\/([^/]+)\/(embed\/allow-list|embed|report|interviews)$/.exec(path);
    const project = m ? o.projects.find((p) => p.id === decodeURIComponent(m[1]!)) : undefined;
    if (!m || !project) return send(res, { status: 404, body: { error: { code: 'not_found', message: 'No such resource.' } } });
    if (m[2] === 'embed') return send(res, side.embed);
    if (m[2] === 'embed/allow-list') return send(res, side.allowList);
    if (m[2] === 'report') return send(res, side.report);
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 100);
    const withTranscripts = url.searchParams.get('transcripts') === 'true';
    const only = url.searchParams.get('interview_id');
    // completed_at descending, whatever the status: unfinished records that carry one sort among the rest.
    const all = [...project.interviews].filter((i) => !only || i.id === only).sort((a, b) => (b.completed_at ?? '').localeCompare(a.completed_at ?? ''));
    const items = all.slice((page - 1) * limit, page * limit).map((i) => {
      if (withTranscripts) return i;
      const { transcript: _t, screener: _s, ...light } = i;
      return light;
    });
    return send(res, { status: 200, body: { items, total: all.length, page, limit, has_more: page * limit < all.length } });
  }
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
