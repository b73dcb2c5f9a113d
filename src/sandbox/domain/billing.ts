/**
 * The sandbox's prices (the spec does not show them): 500 cents ($5.00) per participant, charged up
 * front for target_participants at launch; trial credits are consumed first, one per participant.
 * New organisations get the balance and trial credits the operator gives them.
 */
export const PRICE_PER_PARTICIPANT_CENTS = 500;
export const DEFAULT_TRIAL_CREDITS = 5;
export const DEFAULT_BALANCE_CENTS = 10_000;

export type Charge = { trial_credits_used: number; charged_cents: number };

export function quoteLaunch(target: number, trialCredits: number, priceCents = PRICE_PER_PARTICIPANT_CENTS): Charge {
  const trial = Math.min(trialCredits, target);
  return { trial_credits_used: trial, charged_cents: (target - trial) * priceCents };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Formatted like the service's balance strings: "$1,234.50". */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}
