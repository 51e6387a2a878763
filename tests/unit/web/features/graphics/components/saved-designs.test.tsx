import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultDesign } from '@shared/graphics/design-schema';
import { GraphicsEditor } from '@web/features/graphics/components/graphics-editor';
import { type GraphicsRenderer } from '@web/features/graphics/lib/graphics-renderer';
import { client, DESIGN_ID, stubGraphicsApi } from '@tests/support/graphics/graphics-api-stub';

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock('@web/lib/api', () => api);
const { handlers, called } = stubGraphicsApi(api.apiRequest);

// Whole editor journeys: generous under a loaded machine (speed is the bench's business).
describe('SavedDesigns in the editor', { timeout: 60_000 }, () => {
  const renderer: GraphicsRenderer = {
    svg: async (design) => `<svg xmlns="http://www.w3.org/2000/svg"><text>${design.texts.headline}</text></svg>`,
    png: async () => new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
  };

  it('saves a new design, puts its id in the URL, and lists, renames and reopens saved designs', async () => {
    const user = userEvent.setup({ delay: null });
    const list = [
      { id: DESIGN_ID, name: 'Spring set', version: 2, templateId: 'offer-badge', updatedAt: '2026-11-20T09:00:00Z' },
    ];
    const springDesign = defaultDesign({
      templateId: 'offer-badge',
      texts: { ...defaultDesign().texts, headline: 'Spring sale', badge: '-20 %' },
    });
    handlers.graphicsDesigns = () => ({ designs: list });
    handlers.graphicsDesign = () => ({ ...list[0]!, design: springDesign });
    handlers.graphicsCreateDesign = ({ body }) => ({
      id: '55555555-5555-4555-8555-555555555555',
      name: (body as { name: string }).name,
      version: 1,
      templateId: 'product-hero',
      updatedAt: '2026-11-22T11:00:00Z',
      design: (body as { design: unknown }).design,
    });
    handlers.graphicsSaveDesign = ({ body }) => ({
      ...list[0]!,
      name: (body as { name: string }).name,
      version: 3,
      design: springDesign,
    });
    const onOpenIdChange = vi.fn();
    render(
      <QueryClientProvider client={client()}>
        <GraphicsEditor renderer={renderer} prefill={null} onOpenIdChange={onOpenIdChange} />
      </QueryClientProvider>,
    );
    const nameBox = screen.getByRole('textbox', { name: 'Design name' });
    await user.clear(nameBox);
    await user.type(nameBox, 'Summer set');
    await user.click(screen.getByRole('button', { name: 'Save design' }));
    await screen.findByText('Saved “Summer set” (version 1).');
    expect(called('graphicsCreateDesign')[0]!.input.body).toMatchObject({ name: 'Summer set' });
    expect(onOpenIdChange).toHaveBeenCalledWith('55555555-5555-4555-8555-555555555555');

    await user.click(screen.getByRole('tab', { name: 'Saved' }));
    const row = (await screen.findByRole('list', { name: 'Saved designs' })).querySelector('li')!;
    await user.click(within(row).getByRole('button', { name: 'Rename Spring set' }));
    const rename = screen.getByRole('textbox', { name: 'New name for Spring set' });
    await user.clear(rename);
    await user.type(rename, 'Spring set v2');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(called('graphicsSaveDesign')).toHaveLength(1));
    expect(called('graphicsSaveDesign')[0]!.input.body).toMatchObject({ name: 'Spring set v2', expectedVersion: 2 });

    await user.click(screen.getByRole('button', { name: 'Open Spring set' }));
    await user.click(screen.getByRole('tab', { name: 'Design' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Headline' })).toHaveValue('Spring sale'));
    expect(screen.getByRole('textbox', { name: 'Offer badge' })).toHaveValue('-20 %');
    expect(onOpenIdChange).toHaveBeenLastCalledWith(DESIGN_ID);
  });
});
