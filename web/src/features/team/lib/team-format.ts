/** A date as the team page shows it (Nov 27, 2026 in the reader's locale). */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
/** An error's message, or a plain sentence when it has none. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong.');
