/**
 * What people who left a meal-kit subscription say: why they left (the reason banks, hand-written
 * sentences kept as data in churn-reasons.json), whether they paused, and what they think of the price,
 * the deliveries and the packaging.
 */
import reasonBanks from './churn-reasons.json';

export type ChurnReason = 'price' | 'skipping' | 'delivery' | 'packaging' | 'recipes' | 'time' | 'life' | 'quality';

/**
 * Per reason for leaving: `why` answers "why did you cancel", `short` is the same from someone of few
 * words, `more` are the details and anecdotes a follow-up draws out, `also` mentions it as a second
 * reason, and `kept` says what would have kept them.
 */
export type ReasonBank = { label: string; why: string[]; short: string[]; more: string[]; also: string[]; kept: string[] };

/** Per reason other than a change at home, its bank (see ReasonBank). */
export const CHURN_REASONS: Record<Exclude<ChurnReason, 'life'>, ReasonBank> = reasonBanks.reasons;

/** Whether they paused or cancelled, which the first question asks and people like to set straight. */
export const CHURN_PAUSED = [
  "I paused it first, then cancelled when I realised I wasn't missing it.",
  "I've only paused, technically, but I doubt I'll go back.",
  'I skipped a few weeks first to see if I missed it.',
  "I cancelled outright, I didn't bother pausing.",
  'We paused over Christmas and just never restarted.',
  "I'd skipped so many weeks that cancelling felt like the honest thing.",
  "It's paused at the moment, not cancelled.",
  'I tried pausing for a month first.',
  'At first I just skipped the odd week, then I stopped altogether.',
  "Pausing was an option, but I knew I wouldn't come back.",
  'I paused, then cancelled a month later.',
  'We went from skipping every other week to just cancelling.',
];

/**
 * A change at home is a different story for each person who gives it (a move, a baby, a diet, living
 * alone, time away), and one person tells only their own: a bank that mixed them would have someone
 * cooking for one in one answer and for a newborn in the next.
 */
export const LIFE_STORIES: ReasonBank[] = reasonBanks.lifeStories;

export type PriceView = 'high' | 'fair' | 'fine' | 'discount';
export const CHURN_PRICE: Record<PriceView, string[]> & { more: string[] } = {
  high: [
    'Too expensive, honestly.',
    'It felt like poor value for what turned up.',
    'For what you got, it was a lot of money.',
    'I could buy the same ingredients for much less at the supermarket.',
    'Not worth it, once you add it all up.',
    'It was fine as a treat, but too pricey for every week.',
    'We were paying restaurant prices to cook it ourselves.',
  ],
  fair: [
    'It was fair, I think, but it adds up over a month.',
    'Reasonable for the convenience, if I am honest.',
    "You're paying for not having to plan, and that has some value.",
    'About what I expected, a bit more than shopping myself.',
    'I thought it was okay value for the quality.',
    "Per meal it wasn't bad, it's the monthly total that stings.",
  ],
  fine: [
    "The price was fine, that wasn't the problem.",
    "I didn't mind the cost, to be honest.",
    "Money wasn't really the issue for us.",
    'It seemed fair for what we got.',
    'I never really thought about the price much.',
  ],
  discount: [
    "With the discount it felt like a bargain, then it didn't.",
    'The first few boxes were cheap, and then the full price kicked in.',
    'The introductory offer was great, the normal price less so.',
    'Fine while the discount lasted.',
    'It went up quite a bit after the first month.',
  ],
  more: [
    "Three meals for two came to about what we'd spend on a week of groceries.",
    "I'd have paid more if the portions were bigger.",
    'A lot of it was paying for the packaging and delivery, I suspect.',
    'We compared it with a supermarket delivery, and the supermarket won easily.',
    "I don't mind paying for quality, but I didn't always see it.",
    'The add-ons, like desserts, were really overpriced.',
    "Once you factor in the extra bits you still have to buy, like milk and oil, it's even more.",
    "The meals were nice, but nice doesn't pay the mortgage.",
    'Some nights a takeaway for two cost the same money.',
    'I kept a spreadsheet for a month, and the kit was our biggest food cost.',
    "If it had been thirty pounds a week, I wouldn't have thought twice.",
    'The delivery charge on top was the bit that annoyed me.',
    'Friends pay less with a different company for the same number of meals.',
  ],
};

export type DeliveryView = 'ontime' | 'late' | 'bad';
export const CHURN_DELIVERY: Record<DeliveryView, string[]> & { goodMore: string[]; badMore: string[] } = {
  ontime: [
    'Deliveries were fine, always on the right day.',
    'The timing was good, it usually came in the morning.',
    'No complaints about the delivery, the driver was lovely.',
    'It always arrived when they said it would.',
    'Delivery was the one thing that worked well.',
    'Timing was never an issue for us.',
  ],
  late: [
    'Now and then the box arrived late, but not often.',
    'Mostly on time, though a couple came in the evening.',
    'Once or twice the courier turned up after the window.',
    'It was usually okay, apart from one really late box.',
    'The delivery window was quite wide, which made it hard to plan.',
  ],
  bad: [
    'The deliveries were a mess, honestly.',
    'Late more often than not.',
    "I'd say half the boxes arrived outside the window.",
    'One box never arrived at all.',
    'I spent a lot of time waiting in for deliveries.',
  ],
  /** Details from someone the deliveries suited, and from someone they did not. */
  goodMore: [
    'The texts telling you it was on its way were useful.',
    'The driver always rang the bell, which I appreciated.',
    'We got the same driver most weeks, which was nice.',
    'It came before lunch, so it went straight in the fridge.',
  ],
  badMore: [
    'You could choose a day, but not a time, which is the problem.',
    'Our building has no concierge, so a late box means a missed box.',
    'They did refund a late box without any fuss.',
    'Weekend deliveries would have suited us better.',
  ],
};

export type PackagingView = 'waste' | 'ok';
export const CHURN_PACKAGING: Record<PackagingView, string[]> & { wasteMore: string[]; okMore: string[] } = {
  waste: [
    'The packaging was a lot, plastic around everything.',
    'There was far too much plastic, and all those ice packs.',
    'Packaging-wise it felt really wasteful.',
    'Every week the recycling was overflowing with boxes and liners.',
    'I hated the little plastic bags for every ingredient.',
    'The cardboard was fine, but the plastic bothered me.',
    'So much packaging for three meals.',
  ],
  ok: [
    'The packaging seemed okay, mostly cardboard.',
    "Packaging didn't bother me, most of it could be recycled.",
    'I thought the box was well packed, nothing got squashed.',
    'I reused the ice packs for picnics, so no complaints there.',
    'Packaging was fine, to be honest.',
    'It kept everything cold, which is the main thing.',
  ],
  /** Details from someone the packaging bothered, and from someone it did not. */
  wasteMore: [
    'I started keeping a drawer just for the ice packs.',
    'Some of the bags said recyclable, but not at our kerbside.',
    'A neighbour asked if I was running a shop, with all the boxes.',
    'We flattened the boxes, but they still filled the bin.',
  ],
  okMore: [
    'The paper insulation was better than the old foam, to be fair.',
    'I gave the ice packs to a neighbour who goes camping.',
    'Everything was labelled clearly, which helped.',
    'The box went straight in the recycling, no fuss.',
  ],
};
