// National ID and account-like numbers (issue 21 §1), each scheme's check validated so prices, counts, phone
// numbers and product codes are left alone.
import { describe, expect, it } from 'vitest';
import { ibanValid, luhnValid, nhsValid, ppsValid, ssnValid, verhoeffValid } from '../../../../src/shared/redaction/id-numbers';
import { found, ofKind } from './support';

describe('ID numbers: checksums', () => {
  it('Aadhaar: Verhoeff; PPS: mod 23 with its letters', () => {
    expect(verhoeffValid('234123412346')).toBe(true);
    expect(verhoeffValid('234123412347')).toBe(false);
    expect(ppsValid('1234567T')).toBe(true);
    expect(ppsValid('8765432EA')).toBe(true);
    expect(ppsValid('1234567A')).toBe(false);
  });

  it('IBAN: mod 97 over the rearranged number, any spacing', () => {
    expect(ibanValid('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(ibanValid('GB82WEST12345698765432')).toBe(true);
    expect(ibanValid('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(ibanValid('FR14 2004 1010 0505 0001 3M02 606')).toBe(true);
    expect(ibanValid('GB82 WEST 1234 5698 7654 33')).toBe(false);
    expect(ibanValid('GB28 WEST 1234 5698 7654 32')).toBe(false);
    expect(ibanValid('AB12 3')).toBe(false);
  });

  it('NHS number: mod 11 with weights 10 to 2', () => {
    expect(nhsValid('943 476 5919')).toBe(true);
    expect(nhsValid('9434765919')).toBe(true);
    expect(nhsValid('943 476 5918')).toBe(false);
    expect(nhsValid('000 000 0000')).toBe(false);
    expect(nhsValid('943 476 591')).toBe(false);
  });

  it('card numbers: Luhn', () => {
    expect(luhnValid('4111 1111 1111 1111')).toBe(true);
    expect(luhnValid('5555-5555-5555-4444')).toBe(true);
    expect(luhnValid('3782 822463 10005')).toBe(true);
    expect(luhnValid('4111 1111 1111 1112')).toBe(false);
    expect(luhnValid('1111 1111 1111 1111')).toBe(false);
    expect(luhnValid('4242 4242 42')).toBe(false);
  });

  it('SSN: never area 000, 666 or 9xx, group 00 or serial 0000', () => {
    expect(ssnValid('123-45-6789')).toBe(true);
    expect(ssnValid('000-45-6789')).toBe(false);
    expect(ssnValid('666-45-6789')).toBe(false);
    expect(ssnValid('912-45-6789')).toBe(false);
    expect(ssnValid('123-00-6789')).toBe(false);
    expect(ssnValid('123-45-0000')).toBe(false);
    // One check for every way the number is written: spaced or run together, never a digit short.
    expect(ssnValid('123 45 6789')).toBe(true);
    expect(ssnValid('123456789')).toBe(true);
    expect(ssnValid('123-45-678')).toBe(false);
  });
});

describe('ID numbers in text', () => {
  it.each([
    ['NI number QQ 12 34 56 C', 'QQ 12 34 56 C'],
    ['my national insurance is QQ123456C', 'QQ123456C'],
    ['it’s AB 12 34 56 C I think', 'AB 12 34 56 C'],
    ['my ni number is qq 12 34 56 c', 'qq 12 34 56 c'],
    ['SSN 123-45-6789', '123-45-6789'],
    ['my social security number is 123 45 6789', '123 45 6789'],
    ['IBAN GB82 WEST 1234 5698 7654 32', 'GB82 WEST 1234 5698 7654 32'],
    ['pay DE89 3704 0044 0532 0130 00 please', 'DE89 3704 0044 0532 0130 00'],
    ['my NHS number is 943 476 5919', '943 476 5919'],
    ['passport number 123456789', '123456789'],
    ['passport no. 502135326', '502135326'],
    ['driving licence number MORGA753116SM9IJ', 'MORGA753116SM9IJ'],
    ['card 4111 1111 1111 1111', '4111 1111 1111 1111'],
    ['my card is 4111111111111111', '4111111111111111'],
    ['amex 3782 822463 10005', '3782 822463 10005'],
    ['my member ID is 48213377', '48213377'],
    ['my social is 423 81 6650', '423 81 6650'],
    ['aadhaar is 2341 2341 2346', '2341 2341 2346'],
    ['the number on the card is 4991 8665 5241', '4991 8665 5241'],
    ['my PPS number is 1234567T', '1234567T'],
    ['and mine from Ireland, 8765432EA', '8765432EA'],
    ['my licence is MORGA753116SM9IJ', 'MORGA753116SM9IJ'],
    ['the PAN card, ABCPE1234F', 'ABCPE1234F'],
    ['lowercase iban ie29 aibk 9311 5212 3456 78 too', 'ie29 aibk 9311 5212 3456 78'],
    ['my passport’s PA1234567', 'PA1234567'],
    ['her BSN is 111222333', '111222333'],
    ['the bank took my NIN, 12345678901', '12345678901'],
  ])('%s', (s, id) => {
    expect(found(s)).toEqual([['id', id]]);
  });

  it('finds a sort code and an account number, each whole', () => {
    expect(found('sort code 20-00-00, account 12345678')).toEqual([
      ['id', '20-00-00'],
      ['id', '12345678'],
    ]);
  });

  it('takes an NHS-shaped number with no "NHS" near it as possible, and one to call as a phone', () => {
    expect(found('it’s 943 476 5919 on the letter')).toEqual([['id?', '943 476 5919']]);
    expect(found('call 943 476 5919')).toEqual([['phone', '943 476 5919']]);
  });

  it.each([
    'It cost £1,299.99 or $45.50, about €12 a week.',
    'version 2.3.1 and v10.4 released in 2021, build 4521',
    'product code AB-1234 and SKU 55012',
    'my account was hacked in 2021',
    'insurance cost 1200 a year',
    'we paid 20000 in tax 2020',
    'the 2024 budget was 12,000,000',
    'SSN 000-12-3456 is not a real one',
    'card 4111 1111 1111 1112',
    'IBAN GB82 WEST 1234 5698 7654 33',
    'my NHS number is 943 476 5918',
    'we were 10-20-30 people each time',
    'the number on the card is 4991 8665 5242',
    'the 1234567th visitor won',
    'a pan for 25 quid',
  ])('leaves alone: %s', (s) => {
    expect(ofKind(s, 'id')).toEqual([]);
  });
});
