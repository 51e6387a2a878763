import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { placementSizes, type PlacementSizeId } from '@shared/graphics/placement-sizes';
import { SizeCheckboxes } from '@web/features/graphics/components/size-checkboxes';

function renderBoxes(sizes: PlacementSizeId[]) {
  const onChange = vi.fn();
  render(
    <SizeCheckboxes
      legend="Sizes to send"
      sizes={sizes}
      onChange={onChange}
      labelOf={(sizeId) => `Send ${placementSizes[sizeId].ratio}`}
    />,
  );
  return onChange;
}

describe('SizeCheckboxes', () => {
  it('shows one labelled checkbox per placement size, ticked when chosen', () => {
    renderBoxes(['square', 'story']);

    expect(screen.getByRole('group', { name: 'Sizes to send' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Send 1:1' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send 4:5' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send 9:16' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Send 1.91:1' })).not.toBeChecked();
  });

  it("adds a size in the table's order and removes one, leaving the others", async () => {
    const user = userEvent.setup();
    const onChange = renderBoxes(['story', 'square']);

    await user.click(screen.getByRole('checkbox', { name: 'Send 4:5' }));
    expect(onChange).toHaveBeenLastCalledWith(['square', 'portrait', 'story']);

    await user.click(screen.getByRole('checkbox', { name: 'Send 9:16' }));
    expect(onChange).toHaveBeenLastCalledWith(['square']);
  });
});
