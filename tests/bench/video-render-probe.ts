import { defaultDesign } from '@shared/graphics/design-schema';
import { type VideoSizeId } from '@shared/graphics/video-motion';
import { encodePng } from '@infra/twin/openai/prompt-image';
import { renderDesignVideo } from '@lambdas/lib/video-render/render-design-video';

/**
 * One video render in a process of its own (run by video-render.ts through runProbe), so its peak memory (maxRSS)
 * is the render's and not the bench's: a photo-backed product design, `seconds` long at `size`. Prints JSON.
 */
const [seconds = '10', sizeId = 'story'] = process.argv.slice(2);
const pixels = new Uint8Array(1600 * 1600 * 3);
for (let i = 0; i < pixels.length; i += 3) pixels.set([30 + ((i / 3) % 200), 90 + ((i / 4800) % 120), 160], i);
const design = defaultDesign({
  templateId: 'product-hero',
  texts: { ...defaultDesign().texts, headline: 'Handmade stoneware mugs', body: 'Fired twice, made to last.' },
  images: {
    product: { kind: 'asset', key: 'bench/mug.png', width: 1600, height: 1600, mimeType: 'image/png' },
  },
});
const started = performance.now();
const cpuBefore = process.cpuUsage();
const video = await renderDesignVideo(
  design,
  { 'bench/mug.png': encodePng(1600, 1600, pixels) },
  { seconds: Number(seconds), sizeId: sizeId as VideoSizeId },
);
const ms = Math.round(performance.now() - started);
// CPU time of all threads (x264 uses both cores): on a loaded machine the wall time says little alone.
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
console.log(
  JSON.stringify({
    ms,
    cpuMs,
    maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    bytes: video.mp4.byteLength,
    width: video.width,
    height: video.height,
    seconds: video.seconds,
  }),
);
