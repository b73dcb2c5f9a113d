import { z } from 'zod';
import { looseInt } from './tolerant';

/**
 * The error body. The spec shows {error:{code,message}}; for 402 it lists balance_available,
 * balance_required and shortfall without saying whether they sit inside `error` or beside it, so both
 * places are read. The sandbox puts them inside `error`.
 */
export const errorBody = z
  .object({
    error: z
      .object({
        code: z
          .unknown()
          .optional()
          .transform((c) => (typeof c === 'string' && c !== '' ? c : null)),
        message: z
          .unknown()
          .optional()
          .transform((m) => (typeof m === 'string' ? m : null)),
        balance_available: looseInt.optional(),
        balance_required: looseInt.optional(),
        shortfall: looseInt.optional(),
        details: z.unknown().optional(),
      })
      .optional(),
    code: z.unknown().optional(),
    message: z.unknown().optional(),
    balance_available: looseInt.optional(),
    balance_required: looseInt.optional(),
    shortfall: looseInt.optional(),
  })
  .transform((b) => {
    const e = b.error;
    const pick = (k: 'balance_available' | 'balance_required' | 'shortfall') => e?.[k] ?? b[k] ?? null;
    return {
      code: e?.code ?? (typeof b.code === 'string' ? b.code : null),
      message: e?.message ?? (typeof b.message === 'string' ? b.message : null),
      balance_available: pick('balance_available'),
      balance_required: pick('balance_required'),
      shortfall: pick('shortfall'),
      details: e?.details,
    };
  });
export type ErrorBody = z.output<typeof errorBody>;
