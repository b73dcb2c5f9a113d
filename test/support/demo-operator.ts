import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { DEMO_WORKSPACE_ID } from '../../src/main/demo/demo-service';
import type { Harness } from './browser';

export type DemoOperator = {
  baseUrl: string;
  /** Calls the demo sandbox with the demo organisation's key (service or operator routes); JSON in and out. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
};

/** Talks to the demo's embedded sandbox as its organisation, so a test can provoke 402/409/faults. */
export async function demoOperator(h: Harness): Promise<DemoOperator> {
  // The key lives only in the core's secret store; the harness hands tests that store rather than widen the app's API.
  const key = await h.secrets.get(DEMO_WORKSPACE_ID);
  const baseUrl = h.core.demo.baseUrl;
  if (!key || !baseUrl) throw new Error('the demo workspace is not running');
  return {
    baseUrl,
    async call<T>(method: string, path: string, body?: unknown) {
      const res = await fetch(baseUrl + path, {
        method,
        headers: { 'x-api-key': key, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
  };
}

/**
 * Counts the HTTP requests the core sends (undici publishes each one on a diagnostics channel), so a
 * test can check what reached the service, not just what the UI asked for.
 */
export function countRequests(match: (method: string, path: string) => boolean): { count(): number; stop(): void } {
  let n = 0;
  const onCreate = (msg: unknown) => {
    const r = (msg as { request: { method: string; path: string } }).request;
    if (match(r.method, r.path)) n++;
  };
  subscribe('undici:request:create', onCreate);
  return { count: () => n, stop: () => unsubscribe('undici:request:create', onCreate) };
}
