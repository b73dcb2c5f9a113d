import { z } from 'zod';

/**
 * The one rule for what an id may be, wherever it comes from: the service's records when they are synced
 * and stored, and every IPC call that names one. A record whose id the IPC contract would refuse is not
 * stored (the sync reports it), so nothing saved can become unreachable from a screen.
 */
export const ID_MAX = 200;
export const idSchema = z
  .string()
  .min(1)
  .max(ID_MAX)
  // eslint-disable-next-line no-control-regex -- control characters are what an id may not contain
  .regex(/^[^\u0000-\u001f\u007f-\u009f]+$/, 'An id may not contain control characters.');

export const isValidId = (v: unknown): v is string => idSchema.safeParse(v).success;
