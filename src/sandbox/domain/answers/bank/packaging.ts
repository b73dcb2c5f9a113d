/** What people say about packaging concepts: how they choose a meal kit, each concept, which they pick, and what they would change. */
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
