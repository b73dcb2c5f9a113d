import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import { ApiError, invalid } from './errors';

const JSON_LIMIT = 1024 * 1024;

export async function readRaw(req: IncomingMessage, limit = JSON_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const raw = await readRaw(req);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** Parses a JSON body with a shared schema and answers 400 with every issue when it does not fit. */
export async function parseBody<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.output<S>> {
  const body = await readJson(req);
  return parseWith(schema, body ?? {});
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = issues[0];
  throw invalid(first ? `${first.path ? `${first.path}: ` : ''}${first.message}` : 'The request body is not valid.', issues);
}
