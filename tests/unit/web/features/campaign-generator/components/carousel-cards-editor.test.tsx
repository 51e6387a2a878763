import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { checkCarouselCards } from '@shared/campaign-plan-validator';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { CarouselCardsEditor } from '@web/features/campaign-generator/components/carousel-cards-editor';

const image = (n: number) => ({ hash: `hash000${n}`, name: `boot-${n}.jpg`, width: 1080, height: 1080 });
const start: PlanAd = {
  name: 'Boots',
  headline: 'Boots for wet trails',
  primaryText: 'Recycled and light.',
  description: '',
  callToAction: 'SHOP_NOW',
  link: 'https://shop.example.com/boots',
  format: 'carousel',
  cards: [1, 2].map((n) => ({
    headline: `Card ${n}`,
    description: '',
    link: `https://shop.example.com/${n}`,
    image: image(n),
  })),
};

/** The editor as the plan editor holds it: the ad in state, the validator's findings computed from it. */
function Harness() {
  const [ad, setAd] = useState(start);
  const issues = checkCarouselCards(ad, 'adSets.0.ads.0', false);
  return (
    <CarouselCardsEditor
      ad={ad}
      label="Ad 1.1"
      at="adSets.0.ads.0"
      issues={issues}
      changeAd={(change) =>
        setAd((current) => {
          const copy = structuredClone(current);
          change(copy);
          return copy;
        })
      }
    />
  );
}

describe('CarouselCardsEditor', () => {
  it('edits, adds, reorders and removes cards within 2 to 10, with the validator findings on the fields', async () => {
    const user = userEvent.setup();
    render(<Harness />);

    expect(screen.getByRole('button', { name: 'Remove Ad 1.1 card 1' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /add a card to ad 1.1/i }));
    const third = await screen.findByLabelText('Ad 1.1 card 3 image');
    expect(third).toHaveDisplayValue('No image yet');
    expect(await screen.findByText('Card 3 needs an image.')).toBeInTheDocument();

    await user.selectOptions(third, 'boot-1.jpg');
    await waitFor(() => expect(screen.queryByText('Card 3 needs an image.')).not.toBeInTheDocument());

    const headline = screen.getByLabelText('Ad 1.1 card 3 headline');
    await user.clear(headline);
    expect(await screen.findByText('Card 3: the headline is empty.')).toBeInTheDocument();
    await user.type(headline, 'Last pairs');

    await user.click(screen.getByRole('button', { name: 'Move Ad 1.1 card 3 earlier' }));
    expect(await screen.findByLabelText('Ad 1.1 card 2 headline')).toHaveValue('Last pairs');

    await user.click(screen.getByRole('button', { name: 'Remove Ad 1.1 card 1' }));
    const cards = within(screen.getByRole('region', { name: 'Ad 1.1 carousel cards' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.getByLabelText('Ad 1.1 card 1 headline')).toHaveValue('Last pairs');
    expect(screen.getByRole('button', { name: 'Remove Ad 1.1 card 1' })).toBeDisabled();
  });

  it('stops adding at 10 cards', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const add = screen.getByRole('button', { name: /add a card to ad 1.1/i });
    for (let i = 0; i < 8; i += 1) await user.click(add);
    expect(await screen.findByLabelText('Ad 1.1 card 10 headline')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByText('A carousel has at most 10 cards.')).toBeInTheDocument();
  });
});
