import { META_POPUP } from '@shared/constants';

export const META_POPUP_NAME = 'adsmith_meta_connect';

/** What the callback window tells its opener. */
export const META_AUTH_MESSAGE_TYPE = 'adsmith:meta-auth';
export type MetaAuthOutcome = { status: 'success' } | { status: 'cancelled' } | { status: 'error'; message: string };
export type MetaAuthMessage = { type: typeof META_AUTH_MESSAGE_TYPE } & MetaAuthOutcome;

export function isMetaAuthMessage(data: unknown): data is MetaAuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === META_AUTH_MESSAGE_TYPE &&
    ['success', 'cancelled', 'error'].includes((data as { status?: unknown }).status as string)
  );
}

/** Window features for a 500x600 popup (Meta's dialog fits it) centred over the current window. */
export function centredPopupFeatures(win: Window = window): string {
  const { width, height } = META_POPUP;
  const outerWidth = win.outerWidth || win.innerWidth || width;
  const outerHeight = win.outerHeight || win.innerHeight || height;
  const left = Math.max(0, Math.round((win.screenX ?? 0) + (outerWidth - width) / 2));
  const top = Math.max(0, Math.round((win.screenY ?? 0) + (outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Opens the popup at the click, before the dialog's address is known: a browser allows a popup only while the click's
 * user activation lasts (Chromium ~5 s; Safari and Firefox not after an await), and the address is fetched first.
 * It shows a short note of ours (about:blank is our origin) until sendPopupToDialog. Null when blocked.
 */
export function openMetaPopup(): Window | null {
  const popup = window.open('', META_POPUP_NAME, centredPopupFeatures());
  if (popup) writeOpeningNote(popup);
  return popup;
}

export const META_POPUP_OPENING_TEXT = 'Opening Facebook…';

function writeOpeningNote(popup: Window): void {
  try {
    const doc = popup.document;
    doc.title = META_POPUP_OPENING_TEXT;
    const note = doc.createElement('p');
    note.setAttribute('role', 'status');
    note.textContent = META_POPUP_OPENING_TEXT;
    Object.assign(note.style, {
      margin: '0',
      padding: '45vh 16px 0',
      textAlign: 'center',
      font: '16px system-ui, -apple-system, "Segoe UI", sans-serif',
      color: '#334155',
    });
    const body = doc.body ?? doc.documentElement.appendChild(doc.createElement('body'));
    body.style.margin = '0';
    body.replaceChildren(note);
  } catch {
    // A window of that name already on Meta's origin cannot be written to; it is sent to the dialog all the same.
  }
}

/** Sends the popup opened at the click to Meta's dialog (replace: its blank page is not worth a Back step). */
export function sendPopupToDialog(popup: Window, url: string): void {
  popup.location.replace(url);
  popup.focus();
}

/** The fallback when the popup is blocked: Meta's dialog in this window. */
export function navigateToDialog(url: string): void {
  window.location.assign(url);
}
