import type { PlanAd } from '@shared/schemas/campaign-plan';

/** A plan's single-image ad with Spanish and German versions (issue 29, requirement 3), for the tests of both sides. */
export function multiLanguageAd(change: Partial<PlanAd> = {}): PlanAd {
  return {
    name: 'Mugs',
    headline: 'Mugs for your mornings',
    primaryText: 'Meet the mugs you need, made for your slow mornings.',
    description: 'Free returns',
    callToAction: 'SHOP_NOW',
    link: 'https://shop.example.com/mugs',
    image: { hash: 'abcdef123456', name: 'mug.png' },
    translations: [
      {
        language: 'es',
        headline: 'Tazas para tus mañanas',
        primaryText: 'Descubre las tazas para tus mañanas tranquilas, con envío gratis.',
        description: 'Devoluciones gratis',
      },
      {
        language: 'de',
        headline: 'Tassen für deinen Morgen',
        primaryText: 'Entdecke die Tassen für deinen ruhigen Morgen, mit kostenlosem Versand.',
        description: 'Kostenlose Rücksendung',
      },
    ],
    ...change,
  };
}
