/** How the graphics panels word what the server said and when things were kept. */

/** The server's (or the network's) own message, or the panel's fallback when there is none. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** When a design was saved or an export made, e.g. "Nov 22, 10:00 AM" in the user's locale. */
export const formatSavedAt = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
