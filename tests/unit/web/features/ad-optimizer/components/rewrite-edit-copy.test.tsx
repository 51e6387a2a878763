import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { RewriteEditCopy } from '@web/features/ad-optimizer/components/rewrite-edit-copy';
import type { Draft } from '@web/features/ad-optimizer/components/use-rewrite-flow';

function Editor({ start, seen }: { start: Draft; seen: Draft[] }) {
  const [draft, setDraft] = useState(start);
  return (
    <RewriteEditCopy
      draft={draft}
      baseId="t"
      onChange={(next) => {
        seen.push(next);
        setDraft(next);
      }}
    />
  );
}

describe('RewriteEditCopy on a carousel', () => {
  it('offers a labelled headline per card and edits only the card typed in, warning past Meta’s 40', async () => {
    const seen: Draft[] = [];
    const start = { headline: 'A', primaryText: 'Text', description: '', cardHeadlines: ['Mud', 'Snow'] };
    render(<Editor start={start} seen={seen} />);
    const second = screen.getByLabelText('Card 2 headline');
    await userEvent.clear(second);
    await userEvent.type(second, 'A headline for the second card that runs long');
    expect(seen.at(-1)!.cardHeadlines).toEqual(['Mud', 'A headline for the second card that runs long']);
    expect(await screen.findByText(/longer than Meta recommends for a card/)).toBeInTheDocument();
    expect(screen.getByLabelText('Card 1 headline')).toHaveValue('Mud');
  });
});
