/** A 2×2 PNG; bytes after IEND make each upload its own image (and so its own hash). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

export function uniquePng(tag: string): string {
  return Buffer.concat([PNG, Buffer.from(`${tag}-${Date.now()}-${Math.random()}`)]).toString('base64');
}

/** An ISO time `days` from now, as the product sends start and end times. */
export function futureTime(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}
