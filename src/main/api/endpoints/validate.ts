import type { z } from 'zod';
import { AppError } from '../../errors';

/** Checks a request body against the shared schema before it is sent, so mistakes surface as field errors. */
export function validated<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  throw new AppError('invalid_input', issues[0]?.message ?? 'Some fields are not valid.', { issues });
}

export const seg = (id: string) => encodeURIComponent(id);
