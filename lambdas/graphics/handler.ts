import { httpFunction } from '../lib/http/http-function';
import {
  assetsRoute,
  brandKitRoute,
  confirmUploadRoute,
  createDesignRoute,
  deleteAssetRoute,
  deleteDesignRoute,
  designRoute,
  designsRoute,
  saveBrandKitRoute,
  saveDesignRoute,
  startUploadRoute,
} from './route-assets';
import { aiImageRoute } from './route-ai-image';
import { adImagesRoute, metaImagesRoute } from './route-meta-images';
import { deleteExportRoute, exportsRoute, videoRoute, videosRoute } from './route-exports';

// The routes' modules are grouped by what they load, but imported at init: loading them on first use
// (onFirstUse) cut init to the shared wrapper (~50 ms) yet made each route's first request pay as much as the whole
// cold start had or more (docs/benchmarks.md, session 23, h23e). Switching a group back is a one-line change here.
export const handler = httpFunction([
  startUploadRoute,
  confirmUploadRoute,
  assetsRoute,
  deleteAssetRoute,
  brandKitRoute,
  saveBrandKitRoute,
  designsRoute,
  designRoute,
  createDesignRoute,
  saveDesignRoute,
  deleteDesignRoute,
  aiImageRoute,
  metaImagesRoute,
  adImagesRoute,
  exportsRoute,
  deleteExportRoute,
  videosRoute,
  videoRoute,
]);
