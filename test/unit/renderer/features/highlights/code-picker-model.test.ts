// The code picker's logic: which codes numbers 1–9 apply, type-ahead over the codebook, creating a new code.
import { describe, expect, it } from 'vitest';
import {
  categoryNamed,
  choiceFor,
  codeChoice,
  matchCodes,
  mostUsed,
  pickerOptions,
  toggleCode,
  type PickableCode,
} from '../../../../../src/renderer/features/highlights/code-picker-model';

const code = (name: string, codings: number, is_category = false): PickableCode => ({ id: `id-${name}`, name, color: '#3b6fd4', codings, is_category });

describe('code picker', () => {
  it('numbers the nine most used codes, ties by name, never a category', () => {
    const book = [
      code('Trust', 4),
      code('Price', 9),
      code('Delivery', 4),
      code('Reasons', 50, true),
      ...Array.from({ length: 8 }, (_, i) => code(`Other ${i}`, 1)),
    ];
    expect(mostUsed(book).map((c) => c.name)).toEqual(['Price', 'Delivery', 'Trust', 'Other 0', 'Other 1', 'Other 2', 'Other 3', 'Other 4', 'Other 5']);
    const options = pickerOptions(book, '');
    expect(options.slice(0, 3).map((o) => (o.kind === 'code' ? [o.number, o.code.name] : o))).toEqual([
      [1, 'Price'],
      [2, 'Delivery'],
      [3, 'Trust'],
    ]);
    // Every code is listed with nothing typed; those after the ninth have no number.
    expect(options.slice(9).map((o) => (o.kind === 'code' ? [o.number, o.code.name] : o))).toEqual([
      [null, 'Other 6'],
      [null, 'Other 7'],
    ]);
  });

  it('type-ahead: names starting with the text, then a word starting with it, then containing it; case and accents aside', () => {
    const book = [code('Recipe fatigue', 2), code('Price', 1), code('Surprise', 5), code('Price vs value', 3), code('Café quality', 1)];
    expect(matchCodes(book, 'pri').map((c) => c.name)).toEqual(['Price vs value', 'Price', 'Surprise']);
    expect(matchCodes(book, 'FAT').map((c) => c.name)).toEqual(['Recipe fatigue']);
    expect(matchCodes(book, 'cafe').map((c) => c.name)).toEqual(['Café quality']);
    expect(matchCodes(book, 'zzz')).toEqual([]);
  });

  it('offers to create a code whose name is new, last, and not one the codebook has in any case', () => {
    const book = [code('Price', 1), code('Reasons', 0, true)];
    expect(pickerOptions(book, 'Pri').map((o) => (o.kind === 'code' ? o.code.name : `+${o.name}`))).toEqual(['Price', '+Pri']);
    expect(pickerOptions(book, '  price ').map((o) => (o.kind === 'code' ? o.code.name : `+${o.name}`))).toEqual(['Price']);
    expect(pickerOptions(book, 'Delivery late')).toEqual([{ kind: 'create', name: 'Delivery late' }]);
    // A category's name is not offered, nor created again: the picker says to pick one of its codes.
    expect(pickerOptions(book, 'reasons')).toEqual([]);
    expect(categoryNamed(book, 'reasons')?.name).toBe('Reasons');
  });

  it('toggles codes in and out: a codebook code by id (typed in any case), a new code by its name', () => {
    const book = [code('Price', 1)];
    let chosen = toggleCode([], choiceFor(book, 'price'));
    expect(chosen).toEqual([{ id: 'id-Price', name: 'Price' }]);
    chosen = toggleCode(chosen, choiceFor(book, 'Trust'));
    expect(chosen).toEqual([
      { id: 'id-Price', name: 'Price' },
      { id: null, name: 'Trust' },
    ]);
    expect(toggleCode(chosen, choiceFor(book, 'PRICE'))).toEqual([{ id: null, name: 'Trust' }]);
    expect(toggleCode(chosen, choiceFor(book, 'TRUST'))).toEqual([{ id: 'id-Price', name: 'Price' }]);
    expect(toggleCode(chosen, choiceFor(book, '   '))).toEqual(chosen);
    expect(codeChoice(chosen)).toEqual({ code_ids: ['id-Price'], new_codes: ['Trust'] });
  });

  it('sends a code chosen before it was renamed by its id, so the renamed code is the one applied', () => {
    const chosen = toggleCode([], choiceFor([code('Price', 1)], 'Price'));
    // The codebook now calls it "Cost", and a new "Price" code has come in: the choice is still the first code.
    const renamed = [
      { ...code('Cost', 1), id: 'id-Price' },
      { ...code('Price', 0), id: 'id-new-price' },
    ];
    expect(codeChoice(chosen)).toEqual({ code_ids: ['id-Price'], new_codes: [] });
    expect(toggleCode(chosen, choiceFor(renamed, 'Price'))).toHaveLength(2);
  });
});
