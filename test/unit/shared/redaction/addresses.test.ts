// Addresses found whole (issue 21 §1): the street line, the flat, the town and the postcode in one span, so
// no part is left when it is replaced; and the counts, distances and ordinary words that look like one left alone.
import { describe, expect, it } from 'vitest';
import { detectPatterns } from '../../../../src/shared/redaction/detect';
import { found, ofKind, shapes } from './support';

describe('addresses', () => {
  it.each([
    ['I live at 14 Cedar Road, Didsbury, Manchester M20 2RL now.', '14 Cedar Road, Didsbury, Manchester M20 2RL'],
    ['It’s Flat 3, 27 Hope St in Liverpool.', 'Flat 3, 27 Hope St in Liverpool'],
    ['he lived at 221B Baker Street, London NW1 6XE', '221B Baker Street, London NW1 6XE'],
    ['My address is 56 Wellington Road South, Stockport SK1 3UA', '56 Wellington Road South, Stockport SK1 3UA'],
    ['we’re at 3 Church Lane, Little Snoring, Norfolk NR21 0AA', '3 Church Lane, Little Snoring, Norfolk NR21 0AA'],
    ['Flat 2B, 11 Marine Parade, Brighton BN2 1TL', 'Flat 2B, 11 Marine Parade, Brighton BN2 1TL'],
    ['she lives at 5 Acacia Avenue, Leeds, LS6 2AB. Then she moved.', '5 Acacia Avenue, Leeds, LS6 2AB'],
    ['Send it to 1234 Elm St, Apt 5, Springfield, IL 62704 please', '1234 Elm St, Apt 5, Springfield, IL 62704'],
    ['Apt 12, 450 Park Avenue, New York, NY 10022', 'Apt 12, 450 Park Avenue, New York, NY 10022'],
    ['1600 Pennsylvania Avenue NW, Washington, DC 20500', '1600 Pennsylvania Avenue NW, Washington, DC 20500'],
    ['I live at 350 5th Avenue, New York', '350 5th Avenue, New York'],
    ['742 Evergreen Terrace, Springfield', '742 Evergreen Terrace, Springfield'],
    ['write to P.O. Box 1234, Leeds', 'P.O. Box 1234, Leeds'],
    ['we used to live at 19 Kingsway, Hove', '19 Kingsway, Hove'],
    ['it’s 500 W Madison St, Chicago, IL 60661', '500 W Madison St, Chicago, IL 60661'],
  ])('UK and US: %s', (s, address) => {
    expect(found(s)).toEqual([['address', address]]);
  });

  it.each([
    ['Hauptstraße 12, 10115 Berlin', 'Hauptstraße 12, 10115 Berlin'],
    ['Berliner Straße 5a, 10713 Berlin', 'Berliner Straße 5a, 10713 Berlin'],
    ['wir wohnen Musterstraße 1, 80331 München', 'Musterstraße 1, 80331 München'],
    ['12 rue de la Paix, 75002 Paris', '12 rue de la Paix, 75002 Paris'],
    ['Calle Mayor 5, 28013 Madrid', 'Calle Mayor 5, 28013 Madrid'],
    ['Carrer de Mallorca 401, 08013 Barcelona', 'Carrer de Mallorca 401, 08013 Barcelona'],
    ['Keizersgracht 123, 1015 CJ Amsterdam', 'Keizersgracht 123, 1015 CJ Amsterdam'],
    ['ul. Długa 5/7, 00-238 Warszawa', 'ul. Długa 5/7, 00-238 Warszawa'],
    ['Rynek Główny 1, 31-042 Kraków', 'Rynek Główny 1, 31-042 Kraków'],
    ['Via Roma 10, 00184 Roma', 'Via Roma 10, 00184 Roma'],
    ['Rua Augusta 25, 1100-048 Lisboa', 'Rua Augusta 25, 1100-048 Lisboa'],
    ['Hus: Storgatan 12, 111 23 Stockholm', 'Storgatan 12, 111 23 Stockholm'],
    ['Schillerstraße 7 in München', 'Schillerstraße 7 in München'],
    ['I live at 8 avenue Victor Hugo, 75116 Paris', '8 avenue Victor Hugo, 75116 Paris'],
  ])('European: %s', (s, address) => {
    expect(found(s)).toEqual([['address', address]]);
  });

  it.each([
    ['my parents are at 1427 maple drive, columbus, ohio 43215 still', '1427 maple drive, columbus, ohio 43215'],
    ['apartment 4B, 350 fifth avenue, new york, ny 10118', 'apartment 4B, 350 fifth avenue, new york, ny 10118'],
    ['apartment 4, 22 bow street, dublin 7, d07 fw62', 'apartment 4, 22 bow street, dublin 7, d07 fw62'],
    ['it’s 14 Seaview Terrace, Salthill, Galway H91 X2K7.', '14 Seaview Terrace, Salthill, Galway H91 X2K7'],
    ['out the country, Knockmore, Ballina, Co. Mayo F26 P2W3, no street', 'Knockmore, Ballina, Co. Mayo F26 P2W3'],
    ['1200 Rue Sherbrooke Ouest, Montréal, QC H3A 1H6', '1200 Rue Sherbrooke Ouest, Montréal, QC H3A 1H6'],
    ['my brother is at 88 queen street west, toronto, ontario m5h 2n2', '88 queen street west, toronto, ontario m5h 2n2'],
    ['Unit 5, 23 George Street, Sydney NSW 2000', 'Unit 5, 23 George Street, Sydney NSW 2000'],
    ['12 smith st, fitzroy vic 3065', '12 smith st, fitzroy vic 3065'],
    ['PO Box 210, Darwin NT 0801', 'PO Box 210, Darwin NT 0801'],
    ['Am Markt 3, 28195 Bremen', 'Am Markt 3, 28195 Bremen'],
    ['appartement 12, 3 bis rue des Lilas, 69003 Lyon', 'appartement 12, 3 bis rue des Lilas, 69003 Lyon'],
    ['then 27 avenue jean jaurès, 31000 toulouse.', '27 avenue jean jaurès, 31000 toulouse'],
    ['Calle de Alcalá 45, 3º B, 28014 Madrid', 'Calle de Alcalá 45, 3º B, 28014 Madrid'],
    ['his brother at via dei mille 14, napoli.', 'via dei mille 14, napoli'],
    ['Corso Buenos Aires 8, 20124 Milano MI', 'Corso Buenos Aires 8, 20124 Milano MI'],
    ['Flat 302, Sai Residency, 14th Cross, Indiranagar, Bengaluru 560038', 'Flat 302, Sai Residency, 14th Cross, Indiranagar, Bengaluru 560038'],
    ['H.No. 12-5-34, Road No. 3, Banjara Hills, Hyderabad 500034', 'H.No. 12-5-34, Road No. 3, Banjara Hills, Hyderabad 500034'],
    ['in B-204, Sector 62, Noida 201301', 'B-204, Sector 62, Noida 201301'],
    ['home is Plot 5, Admiralty Way, Lekki Phase 1, Lagos', 'Plot 5, Admiralty Way, Lekki Phase 1, Lagos'],
    ['my mum is at No. 7 Awolowo Road, Ikoyi, she won’t move', 'No. 7 Awolowo Road, Ikoyi'],
    ['Unit 3, 45 Jan Smuts Avenue, Rosebank, Johannesburg, 2196', 'Unit 3, 45 Jan Smuts Avenue, Rosebank, Johannesburg, 2196'],
    ['14 Long Street, Cape Town, 8001', '14 Long Street, Cape Town, 8001'],
    ['PO Box 1042, Stellenbosch, 7599', 'PO Box 1042, Stellenbosch, 7599'],
    ['the office is 1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001', '1-2-3 Jingumae, Shibuya-ku, Tokyo 150-0001'],
    ['my flat is Roppongi 6-10-1, Minato-ku, Tokyo', 'Roppongi 6-10-1, Minato-ku, Tokyo'],
    ['we’re at 2 The Green, Hampton TW12 3AB', '2 The Green, Hampton TW12 3AB'],
    ['my mum lives at number twelve acacia avenue in reading', 'twelve acacia avenue in reading'],
  ])('other countries and spoken forms: %s', (s, address) => {
    expect(ofKind(s, 'address')).toEqual([address]);
  });

  it('finds what speech-to-text writes, in lowercase, after words that say an address follows', () => {
    expect(found('i live at 42 mill lane in leeds')).toEqual([['address', '42 mill lane in leeds']]);
    expect(found('we moved to 7 bramble close last year')).toEqual([['address', '7 bramble close']]);
    expect(found('i live at number 9 church street')).toEqual([['address', '9 church street']]);
    expect(found('my address is 16 oak tree road sheffield s10 2ab')).toEqual([['address', '16 oak tree road sheffield s10 2ab']]);
    // With no street type, the words before are all that say it: 'possible'.
    expect(found('my address is 9 Oakwood, Harrogate HG1 2AB')).toEqual([['address?', '9 Oakwood, Harrogate HG1 2AB']]);
  });

  it('covers the whole address: the postcode is never left alone, and no street line is left', () => {
    const texts = [
      'I live at 14 Cedar Road, Didsbury, Manchester M20 2RL now.',
      'Send it to 1234 Elm St, Apt 5, Springfield, IL 62704 please',
      'Keizersgracht 123, 1015 CJ Amsterdam',
      '12 rue de la Paix, 75002 Paris',
      'Hauptstraße 12, 10115 Berlin',
    ];
    for (const s of texts) {
      const spans = shapes(s);
      expect(spans.map((sp) => sp.kind)).toEqual(['address']);
      const a = spans[0]!;
      // The postcode is found on its own too, and every such part lies inside the address that replaces it.
      const parts = detectPatterns(s).filter((sp) => sp.kind !== 'address');
      expect(parts.length).toBeGreaterThan(0);
      for (const p of parts) expect([p.text, a.start <= p.start && p.end <= a.end]).toEqual([p.text, true]);
      // Every digit (house number, flat, postcode) is inside it.
      for (const m of s.matchAll(/\d/g)) expect(a.start <= m.index && m.index < a.end).toBe(true);
    }
  });

  it('takes a town after a comma but not the next clause', () => {
    expect(ofKind('We’re at 5 Hope St, I think', 'address')).toEqual(['5 Hope St']);
    expect(ofKind('He lives at 10 Park Lane, but she moved', 'address')).toEqual(['10 Park Lane']);
    expect(ofKind('we met at 10 Park Lane Hotel', 'address')).toEqual(['10 Park Lane']);
  });

  it.each([
    'We walked 3 miles down the road.',
    'In 2019 we had 2 weeks in court.',
    'a 3 bedroom terrace house, 1 easy way to save',
    'we got 2 Park passes and 4 big hill climbs',
    'there are 10 Main courses',
    'I had 5 dr appointments',
    'It took 20 minutes, 15 Street performers were there',
    'I sent it via Amazon 3 times',
    'Bring 12 eggs',
    'we drove down Route 66 in 2019',
    'I bought an iPhone 12 Pro and Windows 10 Home',
    'the 5 Best Places to eat',
    'we spent 30 years in the same house',
    'It cost £1,299.99 or $45.50 a week at the court',
    'Chapter 5 Close Encounters',
    'room 101 on floor 3',
    'Am I 30 or 40 now?',
    'the 38 bus to Essex Road, then the tube',
    'room 214, Terminal 5, Gate 22',
    'we did Route 66 in 2018, and Highway 1 down to Big Sur',
    'the door handle is loose, 3 of them',
    'I waited 45 minutes on hold at the 4 Seasons',
  ])('leaves alone: %s', (s) => {
    expect(ofKind(s, 'address')).toEqual([]);
  });
});
