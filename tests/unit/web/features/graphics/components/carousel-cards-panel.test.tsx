import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { carouselChecks } from '@shared/graphics/carousel-design';
import { defaultDesign, type Design } from '@shared/graphics/design-schema';
import { CarouselCardsPanel } from '@web/features/graphics/components/carousel-cards-panel';
import { client, logoAsset, stubGraphicsApi, USER } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers } = stubGraphicsApi(api.apiRequest);

const photo = (n: number) => ({
  ...logoAsset,
  id: `5555555${n}-5555-4555-8555-555555555555`,
  purpose: 'product',
  key: `users/${USER}/assets/mug-${n}.png`,
  fileName: `mug-${n}.png`,
  width: 1200,
  height: 1200,
});

let latest: Design;
function Harness() {
  const [design, setDesign] = useState(
    defaultDesign({ templateId: 'carousel-card', texts: { ...defaultDesign().texts, headline: 'Warm mugs' } }),
  );
  return (
    <CarouselCardsPanel
      design={design}
      onChange={(next) => {
        latest = next;
        setDesign(next);
      }}
    />
  );
}

describe('CarouselCardsPanel', () => {
  it('makes a carousel, fills each card’s headline, link and photo, adds, reorders and removes cards within 2 to 10', async () => {
    handlers.graphicsAssets = () => ({ assets: [photo(1), photo(2), photo(3)] });
    const user = userEvent.setup({ delay: null });
    render(
      <QueryClientProvider client={client()}>
        <Harness />
      </QueryClientProvider>,
    );

    await user.click(screen.getByRole('button', { name: /make a carousel/i }));
    expect(screen.getByLabelText('Card 1 headline')).toHaveValue('Warm mugs');
    expect(screen.getByRole('button', { name: 'Remove card 1' })).toBeDisabled();
    expect(carouselChecks(latest, 'square').map((c) => c.id)).toEqual([
      'card-1-link',
      'card-1-image',
      'card-2-headline',
      'card-2-link',
      'card-2-image',
    ]);

    for (const n of [1, 2]) {
      await user.type(screen.getByLabelText(`Card ${n} link`), `https://shop.example.com/${n}`);
      const photoSelect = screen.getByLabelText(`Card ${n} photo`);
      await within(photoSelect).findByRole('option', { name: `mug-${n}.png (1200×1200)` });
      await user.selectOptions(photoSelect, `mug-${n}.png (1200×1200)`);
    }
    await user.type(screen.getByLabelText('Card 2 headline'), 'Tall mugs');
    expect(carouselChecks(latest, 'square')).toEqual([]);
    expect(latest.cards![1]).toMatchObject({
      headline: 'Tall mugs',
      link: 'https://shop.example.com/2',
      image: { kind: 'asset', key: photo(2).key, width: 1200, height: 1200 },
    });

    await user.click(screen.getByRole('button', { name: 'Add a card' }));
    expect(await screen.findByLabelText('Card 3 headline')).toHaveValue('');
    await user.type(screen.getByLabelText('Card 3 headline'), 'Espresso cups');
    await user.click(screen.getByRole('button', { name: 'Move card 3 earlier' }));
    expect(screen.getByLabelText('Card 2 headline')).toHaveValue('Espresso cups');
    await user.click(screen.getByRole('button', { name: 'Remove card 1' }));
    expect(latest.cards!.map((c) => c.headline)).toEqual(['Espresso cups', 'Tall mugs']);
    expect(screen.getByRole('button', { name: 'Remove card 1' })).toBeDisabled();

    for (let i = 0; i < 8; i += 1) await user.click(screen.getByRole('button', { name: 'Add a card' }));
    expect(latest.cards).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeDisabled();
    expect(screen.getByText('A carousel has at most 10 cards.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Single image instead' }));
    expect(latest.cards).toBeUndefined();
    expect(screen.getByRole('button', { name: /make a carousel/i })).toBeInTheDocument();
  });
});
