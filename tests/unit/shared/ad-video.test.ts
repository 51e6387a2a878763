import { describe, expect, it } from 'vitest';
import { ratioOf, videoAskedIn } from '@shared/ad-video';

describe('videoAskedIn: a video ad asked for in the brief’s words', () => {
  it('reads the length and shape of "a 10-second vertical video ad"', () => {
    expect(videoAskedIn('A 10-second vertical video ad for our spring mugs')).toEqual({ seconds: 10, ratio: '9:16' });
    expect(videoAskedIn('Square video, 6 s, for the feed')).toEqual({ seconds: 6, ratio: '1:1' });
    expect(videoAskedIn('Video ads for handmade mugs')).toEqual({});
  });

  it('a product that is a video, or no video at all, is no ask', () => {
    expect(videoAskedIn('Online video course for beginners')).toBeNull();
    expect(videoAskedIn('Retro video games')).toBeNull();
    expect(videoAskedIn('Handmade stoneware mugs')).toBeNull();
  });

  it('ratioOf names the two shapes within Meta’s 3 % and nothing else', () => {
    expect(ratioOf(1080, 1920)).toBe('9:16');
    expect(ratioOf(1080, 1080)).toBe('1:1');
    expect(ratioOf(1080, 1350)).toBeUndefined();
  });
});
