import { runProbe, type ProbeOutcome } from './run-probe';

export interface VideoRenderFigure {
  ms: number;
  /** CPU time of all its threads. */
  cpuMs: number;
  maxRssMb: number;
  bytes: number;
  width: number;
  height: number;
  seconds: number;
}

/**
 * Issue 29 req 7: render time and peak memory of a video ad from a design (layers drawn, push-in, dissolves, H.264
 * encode), measured in a process of its own. Target for 10 s at 1080×1920: ≤ 20 s on this 2-core machine.
 */
export function measureVideoRender(seconds: number, sizeId: 'story' | 'square'): ProbeOutcome<VideoRenderFigure> {
  return runProbe<VideoRenderFigure>('video-render-probe.ts', [seconds, sizeId]);
}
