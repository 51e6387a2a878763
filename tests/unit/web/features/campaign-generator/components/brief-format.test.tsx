import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdVideo } from '@shared/ad-video';
import type { CampaignBrief } from '@shared/schemas/campaign-plan';
import { createQueryClient } from '@web/app/providers/query-client';
import { CampaignBriefForm } from '@web/features/campaign-generator/components/brief-form';
import type { BriefVideo } from '@web/features/campaign-generator/lib/brief-video';
import { usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { enterText } from '@tests/unit/web/support/enter-text';

/** Issue 29: a brief of video ads, with a video handed over by the graphics editor or made here from a design. */

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);

const VIDEO_ID = '55555555-5555-4555-8555-555555555555';
const DESIGN_ID = '44444444-4444-4444-8444-444444444444';
const adVideo = (ratio: '9:16' | '1:1', seconds: number): AdVideo => ({
  kind: 'video',
  assetKey: `users/u1/videos/${VIDEO_ID}/video.mp4`,
  thumbnailAssetKey: `users/u1/videos/${VIDEO_ID}/thumbnail.png`,
  ratio,
  seconds,
  width: 1080,
  height: ratio === '9:16' ? 1920 : 1080,
});

function renderForm(video: BriefVideo | null = null) {
  let lastAsk = { sizeId: 'story', seconds: 10 };
  api.apiRequest.mockImplementation(async (name: string, input?: { body: { sizeId: string; seconds: number } }) => {
    if (name === 'graphicsDesigns') {
      return {
        designs: [
          { id: DESIGN_ID, name: 'Spring mugs', version: 3, templateId: 'product-hero', updatedAt: '2026-11-20' },
        ],
      };
    }
    // The render is a background job: the 202's job, then one poll that finds it ready.
    if (name === 'graphicsRenderVideo') {
      lastAsk = input!.body;
      return { jobId: VIDEO_ID, designId: DESIGN_ID, status: 'rendering', progress: 0, ...lastAsk };
    }
    if (name === 'graphicsVideoRender') {
      const ratio = lastAsk.sizeId === 'story' ? '9:16' : '1:1';
      return {
        jobId: VIDEO_ID,
        status: 'ready',
        progress: 100,
        video: {
          videoId: VIDEO_ID,
          designId: DESIGN_ID,
          ratio,
          seconds: lastAsk.seconds,
          adVideo: adVideo(ratio, lastAsk.seconds),
          thumbnail: { url: 'http://localhost/t.png' },
        },
      };
    }
    return { items: [] };
  });
  const onSubmit = vi.fn<(brief: CampaignBrief) => void>();
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient({ onUnauthorized: () => undefined })}>
        <CampaignBriefForm
          uid="u1"
          accounts={[usdAccount]}
          busy={false}
          onSubmit={onSubmit}
          initial={{ adAccountId: usdAccount.id, images: [], video }}
        />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, product: string) {
  await enterText(user, 'What are you advertising?', product);
  await enterText(user, 'Landing page', 'https://shop.example.com/mugs');
  await enterText(user, 'Who is it for?', 'Coffee lovers');
}

describe('a video brief', () => {
  beforeEach(() => api.apiRequest.mockReset());

  it('a video handed over by "Use in an ad" is the ads’ video: the brief says video and names it', async () => {
    const { onSubmit, user } = renderForm({
      adVideo: adVideo('9:16', 10),
      videoId: VIDEO_ID,
      posterUrl: 'http://localhost/t.png',
      label: '10 s 9:16 video',
    });
    expect(screen.getByLabelText('Ad format')).toHaveValue('video');
    expect(screen.getByText('10 s 9:16 video')).toBeInTheDocument();
    await fill(user, 'Handmade stoneware mugs');
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ adFormat: 'video', video: adVideo('9:16', 10) });
  });

  it('words asking for "a 10-second vertical video ad" offer video, and the video is made from a saved design', async () => {
    const { onSubmit, user } = renderForm();
    await fill(user, 'A 10-second vertical video ad for our stoneware mugs');
    expect(screen.getByText('Your brief asks for a 10-second vertical video ad.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make the ads video ads' }));
    expect(screen.getByLabelText('Ad format')).toHaveValue('video');

    // Without a video the brief is refused at the video, naming what it needs.
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    expect(await screen.findByText(/A video ad needs a video/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    expect(await screen.findByLabelText('Saved design')).toHaveValue(DESIGN_ID);
    expect(screen.getByLabelText('Video shape')).toHaveValue('story');
    expect(screen.getByLabelText('Video length')).toHaveValue('10');
    await user.click(screen.getByRole('button', { name: 'Make the video' }));
    expect(await screen.findByText('10 s 9:16 video of Spring mugs')).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith('graphicsRenderVideo', {
      params: { id: DESIGN_ID },
      body: { version: 3, sizeId: 'story', seconds: 10 },
    });

    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ adFormat: 'video', video: adVideo('9:16', 10) });
  });

  it('a product that is a video is not read as an ask; a single-image brief sends no video', async () => {
    const { onSubmit, user } = renderForm();
    await fill(user, 'Online video course for potters');
    expect(screen.queryByText(/asks for a/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Generate campaign plan' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].adFormat).toBe('single_image');
    expect(onSubmit.mock.calls[0]![0].video).toBeUndefined();
  });
});
