import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MakeVideo, VideoPanel } from '@web/features/graphics/components/make-video';
import { ApiError } from '@web/lib/api-client';
import { client, DESIGN_ID, UPLOAD_ID, USER, stubGraphicsApi } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, called } = stubGraphicsApi(api.apiRequest);

const videoKey = `users/${USER}/videos/${UPLOAD_ID}/adsmith-trail-v2-1080x1080-7s.mp4`;
const reply = (body: { version: number; sizeId: 'story' | 'square'; seconds: number }) => ({
  videoId: UPLOAD_ID,
  designId: DESIGN_ID,
  version: body.version,
  sizeId: body.sizeId,
  ratio: body.sizeId === 'story' ? '9:16' : '1:1',
  seconds: body.seconds,
  width: 1080,
  height: body.sizeId === 'story' ? 1920 : 1080,
  createdAt: '2026-11-22T12:00:00.000Z',
  urlsExpireAt: '2026-11-22T12:15:00.000Z',
  video: {
    key: videoKey,
    url: 'http://localhost:3010/assets/v.mp4?X-Amz-Signature=play',
    downloadUrl: 'http://localhost:3010/assets/v.mp4?X-Amz-Signature=save',
    bytes: 300 * 1024,
    fileName: 'adsmith-trail-v2-1080x1080-7s.mp4',
    mimeType: 'video/mp4',
  },
  adVideo: {
    kind: 'video',
    assetKey: videoKey,
    thumbnailAssetKey: `users/${USER}/videos/${UPLOAD_ID}/thumbnail.png`,
    ratio: body.sizeId === 'story' ? '9:16' : '1:1',
    seconds: body.seconds,
    width: 1080,
    height: body.sizeId === 'story' ? 1920 : 1080,
  },
  thumbnail: {
    key: `users/${USER}/videos/${UPLOAD_ID}/thumbnail.png`,
    url: 'http://localhost:3010/assets/t.png?X-Amz-Signature=t',
    bytes: 5000,
    fileName: 'adsmith-trail-v2-1080x1080-7s-thumbnail.png',
    mimeType: 'image/png',
    width: 1080,
    height: 1080,
  },
  usage: { used: 3, limit: 10, resetsAt: '2026-12-01T00:00:00.000Z' },
});

function mount(props: Partial<Parameters<typeof MakeVideo>[0]> = {}) {
  const ensureSaved = vi.fn(async () => ({ id: DESIGN_ID, version: 2 }));
  render(
    <MemoryRouter>
      <QueryClientProvider client={client()}>
        <MakeVideo ensureSaved={ensureSaved} blocked={false} {...props} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ensureSaved };
}

describe('MakeVideo', () => {
  it('saves first, queues the chosen shape and length, polls its progress, then a playable preview and the download', async () => {
    const user = userEvent.setup({ delay: null });
    const job = (body: Parameters<typeof reply>[0]) => ({
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      ratio: body.sizeId === 'story' ? '9:16' : '1:1',
      createdAt: '2026-11-22T12:00:00.000Z',
      ...body,
    });
    let asked: Parameters<typeof reply>[0] | undefined;
    let done = false;
    handlers.graphicsRenderVideo = ({ body }) => {
      asked = body as Parameters<typeof reply>[0];
      return {
        ...job(asked),
        status: 'rendering',
        progress: 0,
        usage: { used: 3, limit: 10, resetsAt: '2026-12-01T00:00:00.000Z' },
      };
    };
    handlers.graphicsVideoRender = ({ params }) => {
      expect(params).toEqual({ id: UPLOAD_ID });
      const { usage: _usage, ...video } = reply(asked!);
      return done
        ? { ...job(asked!), status: 'ready', progress: 100, video }
        : { ...job(asked!), status: 'rendering', progress: 40 };
    };
    const onMade = vi.fn();
    const { ensureSaved } = mount({ onMade });

    expect(screen.getByRole('radio', { name: /9:16 vertical/ })).toBeChecked();
    expect(screen.getByLabelText('Length')).toHaveValue('10');
    await user.click(screen.getByRole('radio', { name: /1:1 square/ }));
    await user.selectOptions(screen.getByLabelText('Length'), '7');
    await user.click(screen.getByRole('button', { name: 'Make video' }));

    const bar = await screen.findByRole('progressbar', { name: 'Rendering the video' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    // Rendering 7 s of 1:1 usually takes about 5 + 0.6 × 7 ≈ 9 s (expectedRenderSeconds).
    expect(screen.getByRole('status')).toHaveTextContent(
      /Rendering your 7 s 1:1 video… 40 % · \d+ s so far \(usually about 9 s/,
    );
    expect(screen.getByRole('button', { name: 'Making the video…' })).toBeDisabled();
    expect(ensureSaved).toHaveBeenCalledTimes(1);
    expect(called('graphicsRenderVideo')[0]!.input).toEqual({
      params: { id: DESIGN_ID },
      body: { version: 2, sizeId: 'square', seconds: 7 },
    });

    done = true;
    const preview = await screen.findByLabelText('Video preview, 1:1, 7 seconds', {}, { timeout: 5_000 });
    expect(preview.tagName).toBe('VIDEO');
    expect(preview).toHaveAttribute('controls');
    expect(preview).toHaveAttribute('src', 'http://localhost:3010/assets/v.mp4?X-Amz-Signature=play');
    expect(preview).toHaveAttribute('poster', 'http://localhost:3010/assets/t.png?X-Amz-Signature=t');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your 7 s 1:1 video is ready. 7 of 10 exports left this month.',
    );
    const download = screen.getByRole('link', { name: 'Download MP4 (300 KB)' });
    expect(download).toHaveAttribute('href', 'http://localhost:3010/assets/v.mp4?X-Amz-Signature=save');
    expect(download).toHaveAttribute('download', 'adsmith-trail-v2-1080x1080-7s.mp4');
    expect(onMade).toHaveBeenCalledTimes(1);
    expect(onMade).toHaveBeenCalledWith(expect.objectContaining({ videoId: UPLOAD_ID }), expect.anything());
    // "Use in an ad": the campaign generator opens with this video.
    expect(screen.getByRole('link', { name: 'Use in an ad' })).toHaveAttribute(
      'href',
      `/campaign-generator?videoId=${UPLOAD_ID}`,
    );
    // Seen ending here: acknowledged once, so it is not shown again as ended while the marketer was away.
    await waitFor(() => expect(called('graphicsAcknowledgeVideoRender')).toHaveLength(1));
    expect(called('graphicsAcknowledgeVideoRender')[0]!.input).toEqual({ params: { id: UPLOAD_ID } });
    // Polling stopped once it was ready.
    const polls = called('graphicsVideoRender').length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(called('graphicsVideoRender')).toHaveLength(polls);
  }, 15_000);

  it('shows the renders under way when the screen opens again: progress since it was queued, then the video with its actions; a failed one says why', async () => {
    const OTHER_JOB = '55555555-5555-4555-8555-555555555555';
    const listed = (jobId: string, sizeId: 'story' | 'square', seconds: number) => ({
      jobId,
      designId: DESIGN_ID,
      version: 2,
      sizeId,
      ratio: sizeId === 'story' ? '9:16' : '1:1',
      seconds,
      status: 'rendering',
      progress: 10,
      // Queued 20 s before this screen opened, before the person left it.
      createdAt: new Date(Date.now() - 20_000).toISOString(),
    });
    handlers.graphicsVideoRenders = () => ({
      renders: [listed(UPLOAD_ID, 'story', 10), listed(OTHER_JOB, 'square', 6)],
    });
    let done = false;
    handlers.graphicsVideoRender = ({ params }) => {
      if (params!.id === OTHER_JOB)
        return { ...listed(OTHER_JOB, 'square', 6), status: 'failed', error: 'The design was saved again.' };
      const { usage: _usage, ...video } = reply({ version: 2, sizeId: 'story', seconds: 10 });
      return done
        ? { ...listed(UPLOAD_ID, 'story', 10), status: 'ready', progress: 100, video }
        : { ...listed(UPLOAD_ID, 'story', 10), progress: 40 };
    };
    const onMade = vi.fn();
    const { ensureSaved } = mount({ onMade });

    const bar = await screen.findByRole('progressbar', { name: 'Rendering the video' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    // The seconds count from when it was queued, not from when the screen opened.
    expect(
      screen.getByText(/^Rendering your 10 s 9:16 video… 40 % · (2\d) s so far \(usually about 15 s/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The video could not be made: The design was saved again.',
    );
    // Nothing was asked again of the server: no save, no second render, no second export counted.
    expect(ensureSaved).not.toHaveBeenCalled();
    expect(called('graphicsRenderVideo')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Make video' })).toBeEnabled();

    done = true;
    const preview = await screen.findByLabelText('Video preview, 9:16, 10 seconds', {}, { timeout: 5_000 });
    expect(preview).toHaveAttribute('src', 'http://localhost:3010/assets/v.mp4?X-Amz-Signature=play');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Your 10 s 9:16 video is ready.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Download MP4/ })).toHaveAttribute(
      'href',
      'http://localhost:3010/assets/v.mp4?X-Amz-Signature=save',
    );
    expect(screen.getByRole('link', { name: 'Use in an ad' })).toHaveAttribute(
      'href',
      `/campaign-generator?videoId=${UPLOAD_ID}`,
    );
    expect(onMade).toHaveBeenCalledTimes(1);
    expect(onMade).toHaveBeenCalledWith(expect.objectContaining({ videoId: UPLOAD_ID }), expect.anything());
    expect(called('graphicsVideoRenders')).toHaveLength(1);
    // Both were seen ending on this screen: each acknowledged once, neither needs dismissing.
    await waitFor(() =>
      expect(
        called('graphicsAcknowledgeVideoRender')
          .map((call) => call.input.params!.id)
          .sort(),
      ).toEqual([UPLOAD_ID, OTHER_JOB].sort()),
    );
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  }, 15_000);

  it('comes back to a render that failed while away: its reason until dismissed, and "Try again" queues it again and follows it', async () => {
    const user = userEvent.setup({ delay: null });
    const NEW_JOB = '66666666-6666-4666-8666-666666666666';
    const failed = {
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      designName: 'Spring mugs',
      version: 2,
      sizeId: 'story',
      ratio: '9:16',
      seconds: 10,
      status: 'failed',
      progress: 0,
      createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
      finishedAt: new Date(Date.now() - 7 * 60_000).toISOString(),
      error: 'There is no room left in your storage: delete some images or exports.',
    };
    handlers.graphicsVideoRenders = () => ({ renders: [failed] });
    let done = false;
    handlers.graphicsVideoRender = ({ params }) => {
      if (params!.id === UPLOAD_ID) return failed;
      const { usage: _usage, ...video } = reply({ version: 2, sizeId: 'story', seconds: 10 });
      const again = { ...failed, jobId: NEW_JOB, status: 'rendering', progress: 30, error: undefined };
      return done ? { ...again, status: 'ready', progress: 100, video: { ...video, videoId: NEW_JOB } } : again;
    };
    handlers.graphicsRenderVideo = () => ({
      ...failed,
      jobId: NEW_JOB,
      status: 'rendering',
      progress: 0,
      createdAt: new Date().toISOString(),
      error: undefined,
      finishedAt: undefined,
      usage: { used: 4, limit: 10, resetsAt: '2026-12-01T00:00:00.000Z' },
    });
    const { ensureSaved } = mount();

    const group = await screen.findByRole('group', {
      name: 'Failed while you were away 7 min ago: your 10 s 9:16 video of “Spring mugs”',
    });
    expect(within(group).getByRole('alert')).toHaveTextContent(
      'The video could not be made: There is no room left in your storage: delete some images or exports.',
    );
    // Not acknowledged by being shown: it stays until dismissed or tried again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(called('graphicsAcknowledgeVideoRender')).toHaveLength(0);

    await user.click(within(group).getByRole('button', { name: 'Try again' }));
    // The same render of the same saved version, for its own design (not the one open), without saving anything.
    expect(called('graphicsRenderVideo')[0]!.input).toEqual({
      params: { id: DESIGN_ID },
      body: { version: 2, sizeId: 'story', seconds: 10 },
    });
    expect(ensureSaved).not.toHaveBeenCalled();
    const bar = await screen.findByRole('progressbar', { name: 'Rendering the video' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'));
    expect(screen.queryByText(/Failed while you were away/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(called('graphicsAcknowledgeVideoRender').map((call) => call.input.params!.id)).toEqual([UPLOAD_ID]);

    done = true;
    expect(await screen.findByLabelText('Video preview, 9:16, 10 seconds', {}, { timeout: 5_000 })).toBeInTheDocument();
    // The new render was seen ending here: acknowledged, and nothing to dismiss.
    await waitFor(() =>
      expect(called('graphicsAcknowledgeVideoRender').map((call) => call.input.params!.id)).toEqual([
        UPLOAD_ID,
        NEW_JOB,
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
  }, 15_000);

  it('comes back to a render made while away: the video with its actions until dismissed', async () => {
    const user = userEvent.setup({ delay: null });
    const { usage: _usage, ...video } = reply({ version: 2, sizeId: 'square', seconds: 7 });
    const ready = {
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      version: 2,
      sizeId: 'square',
      ratio: '1:1',
      seconds: 7,
      status: 'ready',
      progress: 100,
      createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
      finishedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    };
    handlers.graphicsVideoRenders = () => ({ renders: [ready] });
    handlers.graphicsVideoRender = () => ({ ...ready, video });
    mount();

    const group = await screen.findByRole('group', { name: 'Made while you were away 2 h ago: your 7 s 1:1 video' });
    expect(await within(group).findByLabelText('Video preview, 1:1, 7 seconds')).toBeInTheDocument();
    expect(within(group).getByRole('link', { name: 'Use in an ad' })).toHaveAttribute(
      'href',
      `/campaign-generator?videoId=${UPLOAD_ID}`,
    );
    expect(within(group).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Dismiss' }));
    expect(group).not.toBeInTheDocument();
    expect(called('graphicsAcknowledgeVideoRender').map((call) => call.input.params!.id)).toEqual([UPLOAD_ID]);
  });

  it('says why "Try again" was refused, keeping the failed render and its reason', async () => {
    const user = userEvent.setup({ delay: null });
    const failed = {
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      version: 2,
      sizeId: 'story',
      ratio: '9:16',
      seconds: 10,
      status: 'failed',
      progress: 0,
      createdAt: new Date(Date.now() - 60_000).toISOString(),
      finishedAt: new Date(Date.now() - 30_000).toISOString(),
      error: 'The render stopped before finishing, twice.',
    };
    handlers.graphicsVideoRenders = () => ({ renders: [failed] });
    handlers.graphicsVideoRender = () => failed;
    handlers.graphicsRenderVideo = () => {
      throw new ApiError('CONFLICT', 409, 'This design was saved again since (version 3, you have 2).');
    };
    mount();
    const group = await screen.findByRole('group', { name: /^Failed while you were away just now/ });
    await user.click(within(group).getByRole('button', { name: 'Try again' }));
    expect(await within(group).findByText(/It could not be tried again/)).toHaveTextContent(
      'It could not be tried again: This design was saved again since (version 3, you have 2).',
    );
    expect(within(group).getByText(/The render stopped before finishing, twice/)).toBeInTheDocument();
    expect(called('graphicsAcknowledgeVideoRender')).toHaveLength(0);
  });

  it('acknowledges a render that ended while its tab was hidden only once the tab is shown again', async () => {
    const user = userEvent.setup({ delay: null });
    const job = {
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      version: 2,
      sizeId: 'story',
      ratio: '9:16',
      seconds: 10,
      progress: 0,
      createdAt: '2026-11-22T12:00:00.000Z',
    };
    handlers.graphicsRenderVideo = () => ({ ...job, status: 'rendering' });
    handlers.graphicsVideoRender = () => ({ ...job, status: 'failed', error: 'The design was saved again.' });
    let visibility: DocumentVisibilityState = 'hidden';
    const spy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    try {
      mount();
      await user.click(screen.getByRole('button', { name: 'Make video' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The design was saved again.');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(called('graphicsAcknowledgeVideoRender')).toHaveLength(0);
      visibility = 'visible';
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(called('graphicsAcknowledgeVideoRender')).toHaveLength(1));
      document.dispatchEvent(new Event('visibilitychange'));
      expect(called('graphicsAcknowledgeVideoRender')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('says why a render failed (the export was given back), with no preview', async () => {
    const user = userEvent.setup({ delay: null });
    handlers.graphicsRenderVideo = () => ({
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      version: 2,
      sizeId: 'story',
      ratio: '9:16',
      seconds: 10,
      status: 'rendering',
      progress: 0,
      createdAt: '2026-11-22T12:00:00.000Z',
    });
    handlers.graphicsVideoRender = () => ({
      jobId: UPLOAD_ID,
      designId: DESIGN_ID,
      version: 2,
      sizeId: 'story',
      ratio: '9:16',
      seconds: 10,
      status: 'failed',
      progress: 0,
      createdAt: '2026-11-22T12:00:00.000Z',
      error: 'The product image was deleted: choose another one and save the design.',
    });
    mount();
    await user.click(screen.getByRole('button', { name: 'Make video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The video could not be made: The product image was deleted: choose another one and save the design.',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Video preview/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make video' })).toBeEnabled();
  });

  it('says why the server refused, and shows no preview', async () => {
    const user = userEvent.setup({ delay: null });
    handlers.graphicsRenderVideo = () => {
      throw new ApiError('VALIDATION_ERROR', 400, 'This design has a problem to fix: the text is too light.');
    };
    mount();
    await user.click(screen.getByRole('button', { name: 'Make video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The video could not be made: This design has a problem to fix: the text is too light.',
    );
    expect(screen.queryByLabelText(/Video preview/)).not.toBeInTheDocument();
  });

  it('is disabled while the checks list errors, and says so', () => {
    mount({ blocked: true });
    expect(screen.getByRole('button', { name: 'Make video' })).toBeDisabled();
    expect(screen.getByText('Fix the problems the checks list before making a video.')).toBeInTheDocument();
  });

  it('stops when the design could not be saved first', async () => {
    const user = userEvent.setup({ delay: null });
    mount({ ensureSaved: async () => null });
    await user.click(screen.getByRole('button', { name: 'Make video' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the design could not be saved first.');
    expect(called('graphicsRenderVideo')).toHaveLength(0);
  });
});

describe('VideoPanel', () => {
  const mountPanel = (isCarousel: boolean) =>
    render(
      <MemoryRouter>
        <QueryClientProvider client={client()}>
          <VideoPanel isCarousel={isCarousel} ensureSaved={async () => null} blocked={false} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
  const rendering = {
    jobId: UPLOAD_ID,
    designId: DESIGN_ID,
    designName: 'Spring mugs',
    version: 2,
    sizeId: 'story',
    ratio: '9:16',
    seconds: 10,
    status: 'rendering',
    progress: 50,
    createdAt: new Date(Date.now() - 5_000).toISOString(),
  };

  it('shows a carousel’s marketer the videos being made from their other designs, with no "Make a video"', async () => {
    handlers.graphicsVideoRenders = () => ({ renders: [rendering] });
    handlers.graphicsVideoRender = () => rendering;
    mountPanel(true);
    const region = await screen.findByRole('region', { name: 'Your videos' });
    expect(within(region).getByRole('group', { name: 'Video of “Spring mugs”' })).toBeInTheDocument();
    expect(within(region).getByRole('progressbar', { name: 'Rendering the video' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(screen.queryByRole('region', { name: 'Make a video' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make video' })).not.toBeInTheDocument();
  });

  it('shows nothing for a carousel when no video is being made or waiting to be seen', async () => {
    mountPanel(true);
    await waitFor(() => expect(called('graphicsVideoRenders')).toHaveLength(1));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows the same renders inside "Make a video" for a single design', async () => {
    handlers.graphicsVideoRenders = () => ({ renders: [rendering] });
    handlers.graphicsVideoRender = () => rendering;
    mountPanel(false);
    const region = screen.getByRole('region', { name: 'Make a video' });
    expect(await within(region).findByRole('group', { name: /Spring mugs/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your videos' })).not.toBeInTheDocument();
  });
});
