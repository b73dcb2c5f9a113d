export type Params = Record<string, string>;

type Route<H> = { method: string; parts: string[]; handler: H };

/** A tiny exact-segment router: `/v1/projects/:id/launch`. Methods are matched after the path, so a
 * known path with the wrong method answers 405 rather than 404. */
export class Router<H> {
  private routes: Route<H>[] = [];

  on(method: string, pattern: string, handler: H): this {
    this.routes.push({ method, parts: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  match(method: string, pathname: string): { handler: H; params: Params } | { status: 404 | 405 } {
    const segments = pathname.split('/').filter(Boolean);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchParts(route.parts, segments);
      if (!params) continue;
      pathMatched = true;
      if (route.method === method) return { handler: route.handler, params };
    }
    return { status: pathMatched ? 405 : 404 };
  }
}

function matchParts(parts: string[], segments: string[]): Params | null {
  if (parts.length !== segments.length) return null;
  const params: Params = {};
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const s = segments[i]!;
    if (p.startsWith(':')) {
      let value: string;
      try {
        value = decodeURIComponent(s);
      } catch {
        return null;
      }
      params[p.slice(1)] = value;
    } else if (p !== s) return null;
  }
  return params;
}
