import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@web/app/providers/query-client';
import { GraphicsEditor } from '@web/features/graphics/components/graphics-editor';
import { type GraphicsRenderer } from '@web/features/graphics/lib/graphics-renderer';
import { renderDesignImage, renderDesignSvgNode } from '@lambdas/lib/graphics-render/render-design-image';
import type { CreativeReport } from '@shared/schemas/creative-report';
import { creativeValue, salesCreativeReport } from '@tests/support/creative-report-fixtures';
import { testUser, type createCognitoMock } from '@tests/unit/web/support/cognito-mock';
import { connected, usdAccount } from '@tests/unit/web/support/meta-account/meta-fixtures';
import { renderWithMeta } from '@tests/unit/web/support/meta-account/render-meta';

// The editor's server panels (assets, designs) answer empty: these tests are about the design and its previews.
const emptyPanels = async (name: string): Promise<unknown> =>
  name === 'graphicsAssets' ? { assets: [] } : name === 'graphicsDesigns' ? { designs: [] } : {};
const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const cognito = vi.hoisted(() => ({ current: undefined as unknown as ReturnType<typeof createCognitoMock> }));
vi.mock('@web/lib/auth/cognito', async () => {
  const { createCognitoMock } = await import('@tests/unit/web/support/cognito-mock');
  cognito.current = createCognitoMock();
  return cognito.current;
});

// The real renderer (Node entry: same shared layout, satori and resvg as the browser's), counted.
const renderer: GraphicsRenderer & { svgCalls: number } = {
  svgCalls: 0,
  svg(design, sizeId) {
    renderer.svgCalls += 1;
    return renderDesignSvgNode(design, sizeId);
  },
  png: (design, sizeId) => renderDesignImage(design, sizeId),
};

const downloads: Blob[] = [];
beforeEach(() => {
  api.apiRequest.mockReset().mockImplementation(emptyPanels);
  downloads.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => (downloads.push(blob), 'blob:x'),
      revokeObjectURL: () => undefined,
    }),
  );
  HTMLAnchorElement.prototype.click = () => undefined;
});
afterEach(() => vi.unstubAllGlobals());

const queryClient = () => createQueryClient({ onUnauthorized: () => undefined });

function renderEditor(prefill: Parameters<typeof GraphicsEditor>[0]['prefill'] = null) {
  return render(
    <QueryClientProvider client={queryClient()}>
      <GraphicsEditor renderer={renderer} prefill={prefill} />
    </QueryClientProvider>,
  );
}

const previews = () => screen.getAllByRole('figure');

describe('GraphicsEditor', () => {
  it('prefills texts from the latest ad copy and shows the four sizes side by side', async () => {
    renderEditor({ headline: 'Trail shoes that breathe', cta: 'Shop now' });
    expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Trail shoes that breathe');
    expect(screen.getByText('Texts prefilled from your latest saved ad copy.')).toBeInTheDocument();
    expect(previews().map((f) => f.getAttribute('aria-label'))).toEqual([
      'Feed square 1:1 preview',
      'Feed portrait 4:5 preview',
      'Stories and Reels 9:16 preview',
      'Link ad 1.91:1 preview',
    ]);
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Trail shoes that breathe/ })).toHaveLength(4), {
      timeout: 15_000,
    });
  });

  it('redraws the previews live when the headline changes', async () => {
    const user = userEvent.setup();
    renderEditor();
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Run cooler this summer/ })).toHaveLength(4), {
      timeout: 15_000,
    });
    const headline = screen.getByRole('textbox', { name: 'Headline' });
    await user.clear(headline);
    await user.type(headline, 'New arrivals');
    await waitFor(() => expect(screen.getAllByRole('img', { name: /New arrivals/ })).toHaveLength(4), {
      timeout: 15_000,
    });
  });

  it('offers the fields of the chosen template', async () => {
    const user = userEvent.setup();
    renderEditor();
    expect(screen.queryByRole('textbox', { name: 'Offer badge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Offer badge' }));
    expect(screen.getByRole('textbox', { name: 'Offer badge' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Feature list' }));
    expect(screen.getByRole('textbox', { name: 'Feature 1' })).toHaveValue('Breathable mesh');
  });

  // Issue 25, requirement 10: an offer, a quote or a guarantee nobody entered would be a false claim in a real ad.
  it('starts every template with no claim until the marketer enters one', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('radio', { name: 'Offer badge' }));
    const badge = screen.getByRole('textbox', { name: 'Offer badge' });
    expect(badge).toHaveValue('');
    expect(badge).toHaveAttribute('placeholder', expect.stringMatching(/^e\.g\./));
    await waitFor(() => expect(screen.getAllByRole('img', { name: /Run cooler this summer/ })).toHaveLength(4), {
      timeout: 15_000,
    });
    for (const image of screen.getAllByRole('img', { name: /Run cooler this summer/ })) {
      expect(image.getAttribute('aria-label') ?? image.getAttribute('alt')).not.toMatch(/%|returns/i);
    }
    expect(screen.getByRole('textbox', { name: 'Body text' })).not.toHaveValue(expect.stringMatching(/returns/i));
    await user.click(screen.getByRole('radio', { name: 'Testimonial' }));
    expect(screen.getByRole('textbox', { name: 'Quote' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Quoted person' })).toHaveValue('');
    await user.click(screen.getByRole('radio', { name: 'Feature list' }));
    const features = screen.getAllByRole('textbox', { name: /^Feature \d$/ }).map((f) => (f as HTMLInputElement).value);
    expect(features.join(' ')).not.toMatch(/returns|%/i);
  });

  it('lists a contrast error with what to do, and blocks the export until it is fixed', async () => {
    renderEditor();
    // A colour input: set it the way the browser's picker does.
    fireEvent.change(screen.getByLabelText('Text colour'), { target: { value: '#0f172a' } });
    const problems = await screen.findByRole('list', { name: 'Problems found' });
    expect(within(problems).getAllByText(/contrast of 1\.00:1/).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /Export ZIP/ })).toBeDisabled();
  });

  it('toggles the safe-zone overlay on the 9:16 preview', async () => {
    const user = userEvent.setup();
    renderEditor();
    const story = screen.getByRole('figure', { name: 'Stories and Reels 9:16 preview' });
    expect(within(story).getByTestId('safe-zone-overlay')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show Stories and Reels safe zones' }));
    expect(within(story).queryByTestId('safe-zone-overlay')).not.toBeInTheDocument();
  });

  it('exports a ZIP with one PNG per size, named as the server names its exports', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(screen.getByRole('button', { name: /Export ZIP/ }));
    await screen.findByText('Downloaded adsmith-untitled-design.zip.', undefined, { timeout: 30_000 });
    expect(downloads).toHaveLength(1);
    const entries = unzipSync(new Uint8Array(await downloads[0]!.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual([
      'adsmith-product-hero-1080x1080.png',
      'adsmith-product-hero-1080x1350.png',
      'adsmith-product-hero-1080x1920.png',
      'adsmith-product-hero-1200x628.png',
    ]);
    for (const bytes of Object.values(entries)) expect([...bytes.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });
});

describe('GraphicsEditor starts from the template that wins (issue 29 req 5)', () => {
  const report = (wins: boolean): CreativeReport =>
    salesCreativeReport(usdAccount.id, [
      {
        element: 'template',
        label: 'Template',
        values: [
          creativeValue('offer-badge', { winnerCost: wins, probabilityBestCost: 0.98 }),
          creativeValue('testimonial'),
        ],
      },
    ]);
  const serve = (wins: boolean) => {
    cognito.current.getSignedInUser.mockReset().mockResolvedValue(testUser);
    localStorage.clear();
    const answers: Record<string, unknown> = {
      metaConnection: connected,
      metaAdAccounts: { data: [usdAccount] },
      creativeReport: report(wins),
    };
    api.apiRequest.mockImplementation(async (name: string) => (name in answers ? answers[name] : emptyPanels(name)));
  };

  it("preselects the selected account's winning template for a new design, says so, and lets the marketer choose another", async () => {
    serve(true);
    renderWithMeta(<GraphicsEditor renderer={renderer} prefill={null} />);
    expect(
      await screen.findByText(
        /^Based on your best-performing template \(Offer badge\), in Sales · Purchases/,
        undefined,
        {
          timeout: 10_000,
        },
      ),
    ).toHaveTextContent('it won with at least 95% probability, so a new design starts from it.');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Offer badge' })).toBeChecked());
    expect(api.apiRequest).toHaveBeenCalledWith('creativeReport', { params: { id: usdAccount.id } });

    await userEvent.click(screen.getByRole('radio', { name: 'Testimonial' }));
    expect(screen.getByRole('radio', { name: 'Testimonial' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Offer badge' })).not.toBeChecked();
  });

  it('no winner, no hint: the design keeps its template', async () => {
    serve(false);
    renderWithMeta(<GraphicsEditor renderer={renderer} prefill={null} />);
    const checked = () => screen.getAllByRole('radio').find((radio) => (radio as HTMLInputElement).checked);
    const before = checked()!.getAttribute('value');
    await waitFor(() => expect(api.apiRequest).toHaveBeenCalledWith('creativeReport', expect.anything()), {
      timeout: 10_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(/best-performing/)).toBeNull();
    expect(checked()!.getAttribute('value')).toBe(before);
    expect(before).not.toBe('offer-badge');
  });
});
