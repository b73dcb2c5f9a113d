import type { ServerResponse } from 'node:http';
import type { ApiError } from './errors';

export type JsonSender = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void;

export const sendJson: JsonSender = (res, status, body, headers = {}) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
};

export function errorPayload(err: ApiError): { error: Record<string, unknown> } {
  return { error: { code: err.code, message: err.message, ...err.extra } };
}

export function sendText(res: ServerResponse, status: number, body: string, contentType: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}
