import { describe, expect, it } from 'vitest';
import { videoPlaysOf } from '@lambdas/lib/creative-report/video-plays';

describe('videoPlaysOf', () => {
  it("reads 3-second plays from the actions' video_view and ThruPlays from their own field", () => {
    expect(
      videoPlaysOf({
        actions: [
          { action_type: 'link_click', value: '40' },
          { action_type: 'video_view', value: '512' },
        ],
        video_thruplay_watched_actions: [{ action_type: 'video_view', value: '130' }],
      }),
    ).toEqual({ plays: 512, thruPlays: 130 });
  });

  it('answers zero for an image ad, and for values Meta did not send as numbers', () => {
    expect(videoPlaysOf({ actions: [{ action_type: 'link_click', value: '40' }] })).toEqual({ plays: 0, thruPlays: 0 });
    expect(videoPlaysOf({ actions: 'nonsense' })).toEqual({ plays: 0, thruPlays: 0 });
    expect(videoPlaysOf({ actions: [{ action_type: 'video_view', value: 'n/a' }] })).toEqual({
      plays: 0,
      thruPlays: 0,
    });
    expect(videoPlaysOf(null)).toEqual({ plays: 0, thruPlays: 0 });
  });
});
