import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { GraphicsEditor } from '@web/features/graphics/components/graphics-editor';
import { type GraphicsRenderer } from '@web/features/graphics/lib/graphics-renderer';
import { ApiError } from '@web/lib/api-client';
import { client, DESIGN_ID, stubGraphicsApi } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, called } = stubGraphicsApi(api.apiRequest);

// Whole editor journeys: generous under a loaded machine (speed is the bench's business).
describe('SaveDesignBar in the editor', { timeout: 60_000 }, () => {
  const renderer: GraphicsRenderer = {
    svg: async (design) => `<svg xmlns="http://www.w3.org/2000/svg"><text>${design.texts.headline}</text></svg>`,
    png: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  };

  it('reopens a saved design, saves it versioned, and on a stale save says it changed elsewhere and reopens the newer one', async () => {
    const user = userEvent.setup({ delay: null });
    const stored = defaultDesign({ texts: { ...defaultDesign().texts, headline: 'Autumn drop' } });
    const newer = { ...stored, texts: { ...stored.texts, headline: 'Autumn drop, updated in another tab' } };
    let version = 3;
    handlers.graphicsSaveDesign = ({ body }) => {
      const { expectedVersion, name, design } = body as { expectedVersion: number; name: string; design: unknown };
      if (expectedVersion !== version) {
        throw new ApiError(
          'CONFLICT',
          409,
          'This design was changed elsewhere since you opened it: reopen it to see the newer version.',
        );
      }
      version += 1;
      return { id: DESIGN_ID, name, version, templateId: 'product-hero', updatedAt: '2026-11-22T11:00:00Z', design };
    };
    handlers.graphicsDesign = () => ({
      id: DESIGN_ID,
      name: 'Autumn set',
      version,
      templateId: 'product-hero',
      updatedAt: '2026-11-22T11:00:00Z',
      design: newer,
    });
    const onOpenIdChange = vi.fn();
    render(
      <QueryClientProvider client={client()}>
        <GraphicsEditor
          renderer={renderer}
          prefill={null}
          initialSaved={{ id: DESIGN_ID, name: 'Autumn set', version: 3, design: stored }}
          onOpenIdChange={onOpenIdChange}
        />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Autumn drop');
    expect(screen.getByRole('textbox', { name: 'Design name' })).toHaveValue('Autumn set');
    expect(screen.getByText('Editing “Autumn set”, version 3.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved “Autumn set” (version 4).');
    expect(called('graphicsSaveDesign')[0]!.input).toMatchObject({
      params: { id: DESIGN_ID },
      body: { name: 'Autumn set', expectedVersion: 3 },
    });

    // Someone else saved version 5 meanwhile.
    version = 5;
    await user.type(screen.getByRole('textbox', { name: 'Headline' }), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('This design was changed elsewhere');
    expect(screen.getByText(/reopen it to see the newer version/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen the newer version' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Autumn drop, updated in another tab'),
    );
    expect(screen.getByText('Editing “Autumn set”, version 5.')).toBeInTheDocument();
    expect(onOpenIdChange).toHaveBeenLastCalledWith(DESIGN_ID);
  });
});
