import { describe, expect, it } from 'vitest';
import { amountsNamed } from './amounts.ts';

describe('amountsNamed', () => {
  it.each([
    ['why was I charged $25?', [2500]],
    ['What is the $25.00 on my account', [2500]],
    ['I see a charge of $1,200.50 and one of $3', [120050, 300]],
    ['US$ 40 late fee??', [4000]],
    ['¿Por qué me cobraron 25 dólares?', [2500]],
    ['me cobraron 25,50 dolares', [2550]],
    ['pourquoi 1\u202f200,00 $ ?', [120000]],
    ['Pourquoi ai-je payé 25 $ de frais ?', [2500]],
    ['Por que fui cobrado 25 USD?', [2500]],
    ['Tại sao tôi bị tính 25 đô la?', [2500]],
    ['为什么收我25美元？', [2500]],
    ['why 25.5 dollars', [2550]],
  ])('%s', (text, cents) => {
    expect(amountsNamed(text)).toEqual(cents);
  });

  it.each([
    ['What is my balance?'],
    ['unit 14B was charged twice on the 3rd'],
    ['call me at 555 123 4567'],
    ['$0 due?'],
    ['$'],
  ])('names no amount in "%s"', (text) => {
    expect(amountsNamed(text)).toEqual([]);
  });

  it('names an amount once however often it is written', () => {
    expect(amountsNamed('$25? yes, $25.00, 25 dollars')).toEqual([2500]);
  });
});
