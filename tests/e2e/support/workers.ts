/**
 * Journey files run two at a time, each on its own twin (global-setup.ts): most of a journey is waiting on a
 * browser and a twin, and one after another they took 7.6 of CI's 17 minutes.
 */
export const E2E_WORKERS = 2;
