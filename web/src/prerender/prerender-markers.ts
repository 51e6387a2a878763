/** Set on #root by the prerenderer: the path whose HTML it holds. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';
