const formatter = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "January 14, 2025": the same on the build machine and in every browser (UTC, fixed locale). */
export function formatPostDate(date: string): string {
  return formatter.format(new Date(`${date}T00:00:00Z`));
}

export function tagLabel(tag: string): string {
  const words = tag.split('-').map((word) => (word === 'ai' ? 'AI' : word));
  const label = words.join(' ');
  return label.charAt(0).toUpperCase() + label.slice(1);
}
