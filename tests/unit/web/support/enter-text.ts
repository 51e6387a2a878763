import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` in the field labelled `label` as a paste: one input event, where `user.type` re-renders the form once
 * per character. For fields a test fills to get past validation; a field whose keystrokes matter is typed.
 */
export async function enterText(user: UserEvent, label: string, text: string): Promise<void> {
  await user.click(screen.getByLabelText(label));
  await user.paste(text);
}
