import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdVideo } from '@shared/ad-video';
import type { PlanAd } from '@shared/schemas/campaign-plan';
import { createQueryClient } from '@web/app/providers/query-client';
import { AdVideoPicker } from '@web/features/campaign-generator/components/ad-video-picker';

/** Issue 29: the plan editor swaps a video ad's video for another of the user's rendered videos. */

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
vi.mock('@web/lib/auth/use-auth', () => ({ useAuth: () => ({ currentUser: { uid: 'u1' }, loading: false }) }));

const STORY_ID = '55555555-5555-4555-8555-555555555555';
const SQUARE_ID = '66666666-6666-4666-8666-666666666666';
const adVideo = (id: string, ratio: '9:16' | '1:1', seconds: number): AdVideo => ({
  kind: 'video',
  assetKey: `users/u1/videos/${id}/video.mp4`,
  thumbnailAssetKey: `users/u1/videos/${id}/thumbnail.png`,
  ratio,
  seconds,
  width: 1080,
  height: ratio === '9:16' ? 1920 : 1080,
});
const reply = (id: string, ratio: '9:16' | '1:1', seconds: number, createdAt: string) => ({
  videoId: id,
  ratio,
  seconds,
  createdAt,
  thumbnail: { url: `http://localhost/${id}.png` },
  adVideo: adVideo(id, ratio, seconds),
});

const start: PlanAd = {
  name: 'Mugs video',
  headline: 'Warm mornings',
  primaryText: 'Handmade stoneware.',
  description: '',
  callToAction: 'SHOP_NOW',
  link: 'https://shop.example.com/mugs',
  format: 'video',
  video: adVideo(STORY_ID, '9:16', 10),
};

/** The ad as the last change left it. */
const latest: { ad: PlanAd } = { ad: start };

/** The picker as the plan editor holds it: the ad in state, changed through changeAd. */
function Harness() {
  const [ad, setAd] = useState(start);
  return (
    <AdVideoPicker
      ad={ad}
      label="Ad 1.1"
      at="adSets.0.ads.0"
      issues={[]}
      changeAd={(change) =>
        setAd((current) => {
          const copy = structuredClone(current);
          change(copy);
          latest.ad = copy;
          return copy;
        })
      }
    />
  );
}

describe('AdVideoPicker', () => {
  beforeEach(() => {
    api.apiRequest.mockReset();
    api.apiRequest.mockImplementation(async (name: string) => {
      if (name !== 'graphicsVideos') throw new Error(`unexpected ${name}`);
      return {
        videos: [
          reply(SQUARE_ID, '1:1', 6, '2026-11-20T10:04:00Z'),
          reply(STORY_ID, '9:16', 10, '2026-11-19T09:00:00Z'),
        ],
      };
    });
  });

  it('lists the user’s videos when asked and swaps the ad’s video for the one picked', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
          <Harness />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText(/plays the 10 s 9:16 video/)).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Change the Ad 1.1 video' }));
    const list = await screen.findByRole('list', { name: 'Your videos for Ad 1.1' });
    const current = within(list).getByRole('button', { name: /Use the 10 s 9:16 video/ });
    expect(current).toHaveAttribute('aria-pressed', 'true');
    expect(current).toBeDisabled();

    await user.click(within(list).getByRole('button', { name: /Use the 6 s 1:1 video made 20 Nov 2026/ }));

    expect(screen.getByText(/plays the 6 s 1:1 video/)).toBeInTheDocument();
    expect(latest.ad.video).toEqual(adVideo(SQUARE_ID, '1:1', 6));
    expect(screen.queryByRole('list', { name: 'Your videos for Ad 1.1' })).not.toBeInTheDocument();
  });

  it('shows the validator’s finding on the ad’s video', () => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
          <AdVideoPicker
            ad={start}
            label="Ad 1.1"
            at="adSets.0.ads.0"
            issues={[{ path: 'adSets.0.ads.0.video', severity: 'error', message: 'Stories take at most 60 s.' }]}
            changeAd={() => undefined}
          />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText('Stories take at most 60 s.')).toBeInTheDocument();
  });
});
