/**
 * What simulated participants say: hand-written sentences, grouped by what they answer. answers.ts
 * composes them into interviews. Each group is large enough that, across the demo's forty interviews,
 * no sentence has to be said by more than three people (test/unit/sandbox/answers.test.ts checks it).
 *
 * Written to be spoken by espeak-ng as well as read: amounts are in words ("sixty pounds", not "£60",
 * which it reads as "pound sixty"), and no abbreviation ends in a full stop, which would split a
 * sentence in two for the report.
 */

/** Sentences one can say before any answer, and after one. Shared by every topic. */
export const HEDGES = [
  'Good question.',
  'Let me think.',
  'Hmm, where do I start.',
  "That's a tricky one.",
  'Oh, a few things.',
  'Right, okay.',
  'Truthfully?',
  'Hard to say exactly.',
  'Well, let me see.',
  'Gosh.',
  "I suppose it's a mix.",
  "It's a bit of a long story.",
  'Let me put it this way.',
  'Ah, right.',
  "I've thought about this, actually.",
  'Okay, so.',
  'Ah, good one.',
  'Where to begin.',
  'A few reasons, really.',
  'Ooh.',
  'Mm, okay.',
  'Put simply?',
  "I'll be honest with you.",
  'Well.',
  'Right.',
  'Sure.',
  'Yeah, so.',
  'Oh, definitely.',
  'Funny you should ask.',
  'Let me try to remember.',
] as const;

export const CLOSERS = [
  "That's about it, really.",
  'That was the main thing.',
  "I'd go back if that changed.",
  'I did enjoy it at the start.',
  "It's a shame, because the idea is great.",
  'I still recommend it to friends, oddly.',
  "Anyway, that's my experience.",
  'I hope that helps.',
  'Something like that.',
  'I think that sums it up.',
  "Maybe I'm being fussy.",
  "It wasn't a big dramatic decision.",
  'I might try again in the new year.',
  'My sister still uses it, actually.',
  'Other than that, it was great.',
  'So yes, mixed feelings.',
  "That's my two pennies' worth.",
  'I could go on, but that was the gist.',
] as const;

/** The interviewer's own probes, short and open, as a real AI moderator varies them. */
export const FOLLOW_UPS = [
  'Could you tell me more about that?',
  'Can you give me an example?',
  'Can you say a bit more about that?',
  'What do you mean by that?',
  'Why is that?',
  'Interesting. Could you expand on that?',
  'How did that come about?',
  'Tell me a little more?',
  'How so?',
  'Go on?',
  'Anything else on that?',
  'What stood out most about that?',
] as const;

// ---------------------------------------------------------------------------------------------
// Meal-kit churn
// ---------------------------------------------------------------------------------------------

export type ChurnReason = 'price' | 'skipping' | 'delivery' | 'packaging' | 'recipes' | 'time' | 'life' | 'quality';

/**
 * Per reason for leaving: `why` answers "why did you cancel", `short` is the same from someone of few
 * words, `more` are the details and anecdotes a follow-up draws out, `also` mentions it as a second
 * reason, and `kept` says what would have kept them.
 */
export type ReasonBank = { label: string; why: string[]; short: string[]; more: string[]; also: string[]; kept: string[] };

export const CHURN_REASONS: Record<Exclude<ChurnReason, 'life'>, ReasonBank> = {
  price: {
    label: 'price',
    why: [
      'Honestly, it was the price once the introductory discount ran out.',
      'It just got too expensive for what we were eating.',
      "The cost went up after the first month and I couldn't justify it any more.",
      'Money was tight this year and the subscription was the easiest thing to cut.',
      'I worked out what I was paying per meal, and some weeks it was more than a takeaway.',
      'When the discount ended the weekly bill jumped, and that was that.',
      'We had a look at our spending and the meal kit stood out as a luxury.',
    ],
    short: ['The price, mostly.', 'Too expensive.', 'Cost, really.', 'It got pricey.'],
    more: [
      'We were paying about sixty pounds a week for three dinners for two.',
      'I did a supermarket shop with the same recipes and it came to less than half.',
      'My partner kept asking why we were paying so much for a few onions and a bit of chicken.',
      'The first box was half price, so the full price came as a bit of a shock.',
      'With the energy bills going up, something had to give.',
      "I'd have stayed at forty pounds a week, but not at what it became.",
      "I'm not saying it was a rip-off, it just didn't fit our budget any more.",
      'We were saving for a holiday, so every subscription got looked at.',
      "Once I saw the yearly total on my bank statement, I couldn't unsee it.",
      'We plan our own meals now and save about a hundred pounds a month.',
    ],
    also: ["The cost didn't help either.", "It wasn't cheap, on top of everything.", 'And the price had crept up as well.', 'Plus it was getting expensive.'],
    kept: [
      'A cheaper plan, maybe two meals a week instead of three.',
      'Keeping the introductory price for longer would have made a big difference.',
      'Honestly, just a lower price.',
      'A loyalty discount after six months or so would have kept me.',
      'Smaller portions at a lower cost would have suited us fine.',
      "If it had been closer to what I spend at the supermarket, I'd still be a customer.",
    ],
  },
  skipping: {
    label: 'skipping weeks',
    why: [
      "I kept forgetting to skip weeks and ended up with boxes I didn't need.",
      'Pausing it was such a faff that cancelling seemed simpler.',
      'We travel a lot for work, and skipping weeks in the app was a pain.',
      'I missed the skip deadline three weeks running and gave up.',
      'The cutoff for changing an order was far too early for how we live.',
      "I only wanted it every other week, and there wasn't a way to set that up.",
    ],
    short: ['Skipping weeks was a pain.', 'The skip deadline.', "I couldn't pause it easily."],
    more: [
      'The deadline was five days before delivery, and I never know my plans that far ahead.',
      'You had to go three screens deep in the app just to find the skip button.',
      'One week we were away and the box sat on the doorstep for two days.',
      'I emailed to ask them to skip a week and got a reply after the box had already gone out.',
      'I set a reminder on my phone in the end, which tells you something.',
      'There was no way to pause for a month, only week by week.',
      "Twice I paid for a box I'd meant to skip.",
    ],
    also: ['Skipping weeks was awkward too.', 'And the app made pausing really fiddly.', 'The skip deadline caught me out a couple of times as well.'],
    kept: [
      'Letting me skip right up until a day or two before delivery.',
      'A simple pause button for a few weeks at a time.',
      "A fortnightly option, so I didn't have to skip every other week.",
      'A reminder before the deadline, with a one-tap skip.',
      'Making it easier to skip a week without digging through settings.',
      "If pausing had been as easy as signing up, I'd have stayed.",
    ],
  },
  delivery: {
    label: 'late deliveries',
    why: [
      "The deliveries were all over the place, and I couldn't plan around them.",
      "Too many boxes arrived late, sometimes after we'd already eaten.",
      'I stopped because the courier kept missing the delivery window.',
      "A couple of boxes turned up warm, and after that I didn't trust it.",
      'We had three late deliveries in a month and I lost patience.',
      'The delivery day changed on me twice without much warning.',
    ],
    short: ['The deliveries.', 'Late boxes, mainly.', 'Delivery problems.'],
    more: [
      'The window said eight till six, and it came at nine at night.',
      "Once the driver left it with a neighbour I'd never met.",
      "I work shifts, so a box sitting outside all afternoon isn't great.",
      'The chicken was barely cold when I opened it, so it went straight in the bin.',
      'Tracking said delivered, but it turned up the next morning.',
      'When I complained, support gave me a credit, but it happened again the week after.',
    ],
    also: ['Deliveries were a bit hit and miss as well.', "A few late boxes didn't help.", 'And the courier was never quite on time.'],
    kept: [
      'Deliveries that actually arrived in the window they promised.',
      "Being able to pick an evening slot, after I'm home from work.",
      'Proper tracking, so I knew when to be in.',
      'Reliable delivery, really.',
      'A fixed delivery time I could count on.',
    ],
  },
  packaging: {
    label: 'packaging waste',
    why: [
      "I couldn't cope with the amount of packaging any more.",
      'Every box came with so much plastic that I felt guilty using it.',
      'The recycling bin was full of cardboard and ice packs every week.',
      'It felt wasteful, all those little bags for a spoonful of spice.',
      "Our council doesn't take half of that plastic, so it was all going in the general bin.",
      "I'm trying to cut down on waste, and the kit was working against that.",
    ],
    short: ['All the packaging.', 'Too much plastic.', 'The waste, mostly.'],
    more: [
      'We had a stack of ice packs in the freezer that nobody knew what to do with.',
      'Every single carrot seemed to have its own plastic bag.',
      'My daughter counted fourteen bits of plastic in one box.',
      "The insulation liners wouldn't fit in our recycling, and there's no way to send them back.",
      "I don't mind cardboard, it's the soft plastic that gets me.",
      'The boxes were huge for what was inside them.',
    ],
    also: ['And the plastic packaging bothered me.', "The amount of waste didn't sit well either.", 'Plus all those ice packs piling up.'],
    kept: [
      'Less plastic, and a way to send the ice packs back.',
      'Packaging I could actually recycle at home.',
      'A returnable box, like the milkman used to do.',
      "Cutting the packaging down to what's actually needed.",
      "If they'd taken the packaging back, I'd have stayed.",
    ],
  },
  recipes: {
    label: 'repetitive recipes',
    why: [
      'The recipes started to feel repetitive after a couple of months.',
      'I got bored of the menu, to be honest.',
      'It felt like the same six dishes on rotation.',
      "There wasn't enough variety for a vegetarian like me.",
      'After the first few weeks the recipes stopped being exciting.',
      "My kids wouldn't eat half the dishes, so it was a struggle every week.",
    ],
    short: ['Bored of the recipes.', 'Not enough variety.', 'The menu got boring.'],
    more: [
      'I think we had a version of chicken with couscous five times.',
      'The vegetarian options were mostly pasta or a curry.',
      'I liked trying new things at first, then it became predictable.',
      'I ended up cooking the recipes from memory, which kind of defeats the point.',
      "When the menu came out on a Monday, I'd already know what was on it.",
      'The recipe cards were lovely, I just wanted new ones.',
    ],
    also: ['The recipes were getting repetitive as well.', 'And honestly I was a bit bored of the menu.', "There wasn't much variety by the end either."],
    kept: [
      'More variety, and a bigger menu to choose from.',
      'New recipes more often, maybe a seasonal menu.',
      'Better vegetarian dishes, not just pasta every time.',
      'Letting me swap a recipe for something else that week.',
      'More dishes the children would actually eat.',
    ],
  },
  time: {
    label: 'cooking time',
    why: [
      'Cooking the recipes took far longer than the cards said.',
      "On busy weeknights I just didn't have the energy to cook from scratch.",
      "A thirty-minute recipe took me an hour once I'd chopped everything.",
      "My new job means I'm home late, and I don't want to start cooking at eight.",
      'It stopped being convenient once the evenings got busy.',
    ],
    short: ['Not enough time.', 'Too much effort on weeknights.', 'Cooking took too long.'],
    more: [
      'The prep alone took half an hour, with all the chopping and peeling.',
      "I'd get home at seven and still be at the stove at half eight.",
      "By Thursday I'd have two kits left and no time to make them.",
      'There was always a pile of washing up afterwards as well.',
      "It's fine at the weekend, but we only eat together on weekdays.",
    ],
    also: ['The cooking time was a bit much too.', 'And on busy evenings I never felt like cooking.', 'They took longer to make than promised as well.'],
    kept: [
      'Quicker recipes, fifteen or twenty minutes at most.',
      'Some ready-prepared options for busy evenings.',
      'A few meals that just go in the oven.',
      'Recipes with less chopping, honestly.',
    ],
  },
  quality: {
    label: 'ingredient quality',
    why: [
      'The quality of the ingredients slipped over the months.',
      'A few times the vegetables arrived looking tired.',
      'The portions got smaller, or at least it felt that way.',
      "The meat wasn't as good as what I get from my butcher.",
      'Some of the dishes tasted a bit bland.',
    ],
    short: ['Quality dropped.', "The ingredients weren't fresh.", 'Smaller portions.'],
    more: [
      'Once the herbs were completely wilted by the time I opened the box.',
      'The salmon fillets were tiny, and my partner was still hungry afterwards.',
      'The avocados were either rock hard or brown inside.',
      'We had a bag of spinach go off the day after it came.',
      'At first everything was lovely and fresh, which is why I noticed the change.',
    ],
    also: ["The ingredients weren't always fresh either.", 'And the portions seemed to shrink.', "The quality wasn't what it was at the start."],
    kept: [
      'Fresher ingredients, consistently.',
      'Bigger portions, or at least consistent ones.',
      'Better quality meat and fish.',
      'Checking the vegetables before they go in the box.',
    ],
  },
};

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
export const LIFE_STORIES: ReasonBank[] = [
  {
    label: 'a house move',
    why: ['We moved house and it just never got set up again.', "We moved across town, and for a while the delivery area didn't cover us."],
    short: ['We moved.', 'Moving house, mostly.'],
    more: [
      'The new flat has a tiny kitchen, so cooking properly is hard.',
      'We lived out of boxes for two months, so cooking was the last thing on our minds.',
      "By the time we'd unpacked, we'd got used to shopping locally.",
    ],
    also: ['We were moving house around that time too.', "We'd just moved, which didn't help."],
    kept: ['Probably nothing, it was more about the move.', 'An easy way to change the address and carry on.'],
  },
  {
    label: 'a new baby',
    why: ['We had a baby, and cooking went out of the window.', 'With a newborn in the house, we stopped cooking proper meals.'],
    short: ['We had a baby.', 'New baby, basically.'],
    more: [
      'With a newborn, we were mostly eating toast for a while.',
      'Nobody had an hour to stand at the hob with a baby to settle.',
      'Friends kept dropping round with food, so the kits went uneaten.',
    ],
    also: ["We'd also just had a baby.", 'And with the baby arriving, everything changed.'],
    kept: ["Nothing really, I'll come back when things calm down.", 'Meals that take ten minutes, for new parents.'],
  },
  {
    label: 'a new diet',
    why: ["My partner started a low-carb diet, so the menu didn't work for us any more.", 'Once we cut down on carbs, most of the recipes were off the table.'],
    short: ['A change of diet.', 'Diet, really.'],
    more: [
      "She's gone low-carb, and nearly every recipe had rice or pasta.",
      "I'd end up picking the rice out of half the meals.",
      'There was a low-calorie filter, but it was mostly salads.',
    ],
    also: ["And we'd changed our diet as well.", "We'd cut down on carbs too."],
    kept: ['Some low-carb recipes, maybe.', 'A proper filter for diets, not just vegetarian.'],
  },
  {
    label: 'living alone',
    why: ["I'm living on my own now, and the portions were too big for one.", 'After my flatmate moved out, a box for two made no sense.'],
    short: ['I live alone now.', 'It was too much for one.'],
    more: [
      'Cooking for one, I was throwing half of it away.',
      'I froze the leftovers, but the freezer filled up fast.',
      'Eating the same dinner two nights running got old.',
    ],
    also: ["And it's just me now, so the portions were too big.", "Living on my own didn't help either."],
    kept: ['A plan for one person would have helped.', 'Single portions, even if they cost a bit more.'],
  },
  {
    label: 'time away',
    why: ['I was away for most of the summer, so it made sense to stop.', 'Work sent me abroad for a few months, so I stopped it.'],
    short: ['I was away a lot.', 'Travelling for work.'],
    more: [
      'I was only home at weekends for most of the year.',
      'It seemed silly paying for boxes while I was in hotels.',
      "I'd probably sign up again now that things have settled down.",
    ],
    also: ['I was away a lot as well.', 'And I was travelling for work at the time.'],
    kept: ['Probably nothing, it was more about my circumstances.', 'A longer pause, for a few months at a time.'],
  },
];

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

// ---------------------------------------------------------------------------------------------
// Packaging concepts
// ---------------------------------------------------------------------------------------------

export type Concept = 'a' | 'b' | 'c';
export type ConceptView = 'like' | 'mixed' | 'dislike';

export const PACKAGING_CHOOSE = {
  full: [
    "Mostly on price, if I'm honest.",
    'I look at the recipes first, then the price.',
    'A friend recommended the one I use now.',
    'I go for whichever has the best offer on.',
    'I read the reviews, especially about delivery.',
    'I care about how much packaging comes with it.',
    'Whatever fits in my fridge, which sounds silly but it matters.',
    'I pick the one with the most vegetarian options.',
    'Usually by looking at the menu for the coming week.',
    "I've only ever tried two, and I chose the second because of the recipes.",
    "I want something I can recycle easily, so that's a big factor.",
    'Honestly, I just picked one from an advert.',
    "Delivery days matter most, since I'm out a lot.",
  ],
  short: ['Price, mainly.', 'The recipes.', 'Reviews, usually.', 'Word of mouth.'],
};

export const PACKAGING_CONCEPTS: Record<Concept, Record<ConceptView, string[]> & { name: string; more: string[] }> = {
  a: {
    name: 'the kraft box',
    like: [
      'It looks sturdy and natural.',
      "I like that it's plain cardboard, I know exactly how to recycle it.",
      'It feels honest, no fuss.',
      'That looks like it would survive a rainy doorstep.',
      "Very clean design, I'd be happy with that on my step.",
      "It's the kind of box I'd actually reuse for storage.",
      'Simple, and it looks premium without trying too hard.',
    ],
    mixed: [
      "It's fine, but it looks like any other delivery box.",
      'Nice and simple, though a bit plain.',
      "I like the cardboard, but I'd want to know what's inside it.",
      'It looks sturdy, but big for a few meals.',
      "Good that it's recyclable, but it doesn't feel special.",
    ],
    dislike: [
      "It's a bit boring, to be honest.",
      'Honestly it just looks like another parcel.',
      "It seems bulky, and I'd still have a massive box to flatten.",
      "Brown cardboard doesn't say fresh food to me.",
    ],
    more: [
      'The label on the front is a nice touch.',
      "If the inside has no plastic liner, that's a big win.",
      "I'd want the handles to be strong, our stairs are steep.",
      'It reminds me of the old veg box scheme we used to get.',
      'Could it fold flat? Our recycling bin is tiny.',
      'Our recycling collection would take it, which is the main thing.',
      "I'd like a bit of colour on it, though.",
      'It looks like it would stack well in the hallway.',
      'Flattening boxes every week does get tedious.',
    ],
  },
  b: {
    name: 'the compostable pouch',
    like: [
      'I love the idea of being able to compost it.',
      "It's much smaller, so less to deal with afterwards.",
      'The green colour makes it feel fresh.',
      'Less packaging overall, which is what I want.',
      'It looks lighter and easier to carry.',
      "If it really breaks down at home, that's brilliant.",
    ],
    mixed: [
      "Compostable sounds good, but I'm not sure my council would collect it.",
      'I like it, though I worry about things getting squashed.',
      'It uses less material, but would it keep things cold?',
      "Nice idea, but I don't have a compost heap.",
      'It looks eco-friendly, but maybe a bit flimsy.',
    ],
    dislike: [
      "It looks flimsy, I'd be worried about the eggs.",
      "I don't trust compostable claims, to be honest.",
      'A pouch on the doorstep feels easy to steal or damage.',
      "It might end up as waste anyway if people don't compost it.",
    ],
    more: [
      "I live in a flat, so home composting isn't an option.",
      'We tried compostable bin bags once and they split.',
      "I'd want clear instructions printed on it.",
      'It would depend on how long it takes to break down.',
      'The size is great for a small kitchen.',
      'It would almost fit through the letterbox.',
      "I'd want to see it hold up in the rain.",
      'It feels more modern than the others.',
      "I'd worry the ice packs would still come in plastic.",
    ],
  },
  c: {
    name: 'the reusable crate',
    like: [
      'No waste at all is great.',
      "I love that, it's like the old milk crates.",
      "That's the most sustainable by far.",
      'Really smart, nothing to throw away.',
      'It looks solid, nothing would get crushed in there.',
      "I'd feel good about that every week.",
    ],
    mixed: [
      'Great in theory, but the courier would need to take it back each week.',
      'I like it, but where would I keep it between deliveries?',
      'Brilliant idea if the collection works.',
      'Sustainable, but it looks heavy to carry up three flights.',
      "It's clever, but what if I'm not in when they collect it?",
    ],
    dislike: [
      "I don't want to have to remember to put a crate out.",
      "It's too bulky for our hallway.",
      "It feels like more hassle than it's worth.",
      'It looks a bit industrial, like a warehouse.',
    ],
    more: [
      'Our old veg box scheme did this and it worked well.',
      'A deposit would make sure people return it.',
      "I'd need to know it gets cleaned properly between uses.",
      "I'd worry about being charged if I forgot to return it.",
      'If it stacked neatly, I could live with it.',
      "We've got space in the garage for it, so that's fine.",
      'It would be great for a block of flats with a shared area.',
      'I like the idea of the same crate coming back week after week.',
      'The clips on the side look handy.',
    ],
  },
};

export const PACKAGING_PICK: Record<Concept, string[]> & { more: string[] } = {
  a: [
    "The kraft box, it's simple and easy to recycle.",
    'Concept A, because I know what to do with cardboard.',
    "I'd go with the kraft box, it feels the most practical.",
    'The box, because it protects the food best.',
    "Probably A, it's the least hassle.",
  ],
  b: [
    "The pouch, because it's the least packaging.",
    'Concept B, as long as it really is compostable.',
    "I'd pick the compostable pouch, it's small and light.",
    'B, it takes up the least room in the bin.',
  ],
  c: [
    'The crate, no contest, nothing gets thrown away.',
    'Concept C, if the collection is reliable.',
    "I'd pick the reusable crate, it's the greenest.",
    "The crate, it's what I'd feel best about.",
  ],
  more: [
    'The others have good ideas, but that one fits my life.',
    "I'd happily pay a little more for it.",
    "It's what I'd be proudest to have on my doorstep.",
    'The other two would need explaining to my family.',
    'Whichever it is, please get rid of the plastic inside.',
    'It just feels like the most sensible choice.',
    "It's the one I'd want to see every week.",
    "Honestly, it wasn't a hard choice.",
    "It's closest to what I'd expect from a food company.",
    'I think most of my friends would pick the same.',
    'What happens to it afterwards matters more to me than the look of it.',
  ],
};

export const PACKAGING_CHANGE = {
  full: [
    "I'd make sure there's no plastic inside, whatever the outside is.",
    'Put the recycling instructions right on the front.',
    'Make them all a bit smaller, the boxes are always too big.',
    'Use a stronger colour, they all look a bit muted.',
    'Give people a choice of packaging when they sign up.',
    "I'd add a handle to the pouch.",
    "No, I think they're all good ideas.",
    'Not really, just keep it simple.',
    'Maybe a return label for the crate.',
    'Less branding, more information.',
    "I'd change the ice packs to something you can pour away.",
    'Show how much carbon each one saves.',
  ],
  short: ['Nothing, really.', 'Not much.', "No, I think that's it."],
};
