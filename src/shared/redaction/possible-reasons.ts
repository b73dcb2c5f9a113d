import type { RedactionKind } from './kinds';

/**
 * Why a detector was unsure (issue 21 §2): the short reason the review shows beside a 'possible' finding, so the
 * researcher knows what to look at before choosing Redact or Keep. One constant per rule that decides
 * 'possible' (set on the span where the rule decides it; a string, so the scan pays nothing for it).
 */
export const WHY = {
  ordinaryWord: 'also an ordinary word',
  notPersonWord: 'more often a place or thing than a name',
  placeOrThing: 'next to a place or brand word',
  sentenceStart: 'capitalised only because it starts a sentence',
  unknownCapital: 'a capitalised word no name list knows, with no cue',
  otherScript: 'a word in another script, with no cue it is a name',
  idNoLabel: 'a number with no ID label nearby',
  bornNoPerson: 'could be a date, not said to be someone’s birthday',
  atNoPlatform: '@word with no platform named',
  plainHandle: 'a plain word said as a platform’s handle',
  streetNoType: 'a house number and a name, with no street type',
  underscoredWord: 'a word with underscores, with no platform named beside it',
  shortSpokenNumber: 'numbers said as words, too few for a phone and not said to be one',
} as const;

/** For a possible finding whose rule gave no reason (none today): still says something true. */
export const WHY_BY_KIND: Record<RedactionKind, string> = {
  participant: 'the scan is unsure this is the participant’s',
  person: 'the scan is unsure this is a name',
  email: 'the scan is unsure this is an email',
  phone: 'the scan is unsure this is a phone number',
  url: 'the scan is unsure this is a link',
  postcode: 'the scan is unsure this is a postcode',
  number: 'the scan is unsure this number is personal',
  custom: 'the scan is unsure',
  address: WHY.streetNoType,
  dob: WHY.bornNoPerson,
  id: WHY.idNoLabel,
  handle: WHY.atNoPlatform,
};
