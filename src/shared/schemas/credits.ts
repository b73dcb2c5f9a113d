import { z } from 'zod';
import { looseInt, looseString } from './tolerant';

export const creditBalance = z.object({
  // Unstated stays null: the UI says "not stated" rather than showing an empty balance or 0 trial credits.
  balance: looseString,
  trial_credits: looseInt,
});
export type CreditBalance = z.output<typeof creditBalance>;
