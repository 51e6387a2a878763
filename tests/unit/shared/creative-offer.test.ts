import { describe, expect, it } from 'vitest';
import { offerOf } from '@shared/creative-offer';

describe('offerOf', () => {
  it.each([
    ['20% off everything', 'Percent off'],
    ['-30 %', 'Percent off'],
    ['Save up to 15%', 'Percent off'],
    ['15 % de descuento', 'Percent off'],
    ['Jusqu’à -40 %', 'Percent off'],
    ['20 % Rabatt auf alles', 'Percent off'],
    ['$10 off your first order', 'Amount off'],
    ['Save £5 today', 'Amount off'],
    ['10 € de descuento', 'Amount off'],
    ['Free shipping', 'Free shipping'],
    ['Envío gratis', 'Free shipping'],
    ['Livraison offerte', 'Free shipping'],
    ['Kostenloser Versand', 'Free shipping'],
    ['Start your free trial', 'Free trial'],
    ['Essai gratuit de 14 jours', 'Free trial'],
    ['A free gift with every order', 'Free gift'],
    ['Buy one, get one', 'Bundle deal'],
    ['2 for 1 this weekend', 'Bundle deal'],
  ])('%s → %s', (text, kind) => {
    expect(offerOf(text)).toBe(kind);
  });

  it('finds no offer in words that make none, including numbers that are not discounts', () => {
    expect(offerOf('Our lightest trail shoe', 'Rated 4.8 by 2,000 runners', '100% cotton')).toBe('No offer');
    expect(offerOf('Open 24/7', undefined, '')).toBe('No offer');
  });

  it('takes the first kind that matches across all the pieces, whatever their order', () => {
    expect(offerOf('Free shipping', '20% off')).toBe('Percent off');
    expect(offerOf(undefined, 'free delivery')).toBe('Free shipping');
  });
});
