import type { SamplePlan, Work } from './judge';

/**
 * One guard check: a contender (the app's own path) and a baseline (the least the same result can cost),
 * timed alternately in one run; the ratio of their medians must stay within `limit`. A later issue adds a
 * row by writing one more of these (measurable in seconds) and listing it in run.ts.
 */
export type GuardCheck = {
  id: string;
  /** Labels for the printed line. */
  contender: string;
  baseline: string;
  limit: number;
  plan: SamplePlan;
  /** Sets the two pieces of work up (untimed); `close` undoes what set-up opened; `note` is printed under the verdict. */
  prepare(): Promise<{ contender: Work; baseline: Work; close?: () => Promise<void>; note?: () => string }>;
};
