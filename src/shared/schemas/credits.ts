import { z } from 'zod';
import { looseInt, looseString } from './tolerant';

export const creditBalance = z.object({
  balance: looseString.transform((b) => b ?? ''),
  trial_credits: looseInt.transform((n) => n ?? 0),
});
export type CreditBalance = z.output<typeof creditBalance>;
