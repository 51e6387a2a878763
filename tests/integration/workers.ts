/**
 * Integration files run two at a time, each on its own twin (global-setup.ts starts one per worker): most of an
 * integration test is waiting on the twin, and one file after another on one twin was the longest part of CI.
 */
export const INTEGRATION_WORKERS = 2;
