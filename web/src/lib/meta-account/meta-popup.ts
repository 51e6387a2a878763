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

export function openMetaPopup(url: string): Window | null {
  return window.open(url, META_POPUP_NAME, centredPopupFeatures());
}

/** The fallback when the popup is blocked: Meta's dialog in this window. */
export function navigateToDialog(url: string): void {
  window.location.assign(url);
}
