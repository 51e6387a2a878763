/**
 * On a phone, the recommendations shown at first and added by each "Show more": the list is ranked by what
 * each is worth a week, so the first ones matter most, and the demo account's 30 cards made the page
 * 14,600 px tall at 360 px. Wider screens list them all (shorter cards, and a page to scan).
 */
export const RECOMMENDATIONS_PAGE = 10;

/** Tailwind's `sm`: from here on the evidence shows open; below it, behind its disclosure. */
export const WIDE_SCREEN = '(min-width: 640px)';
