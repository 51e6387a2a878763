/** Issue 10 point 4's budgets for the public site, checked by `npm run bench:site` and the build test. */
export const siteBudgets = { homeJsGzipKB: 120, performance: 95, accessibility: 100, bestPractices: 95, seo: 100 };
