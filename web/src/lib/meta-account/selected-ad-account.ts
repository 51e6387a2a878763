/** The chosen ad account, remembered per user in localStorage. */
export function selectedAdAccountKey(uid: string): string {
  return `adsmith:meta-ad-account:${uid}`;
}

export function readSelectedAdAccount(uid: string): string | null {
  try {
    return localStorage.getItem(selectedAdAccountKey(uid));
  } catch {
    return null;
  }
}

export function writeSelectedAdAccount(uid: string, accountId: string): void {
  try {
    localStorage.setItem(selectedAdAccountKey(uid), accountId);
  } catch {
    // Not remembered, still selected for this visit.
  }
}
