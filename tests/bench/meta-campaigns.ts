import type { startTwin } from '../../infra/local/twin';

/** Filled in when the Meta routes and sandbox are wired (issue 3). */
export async function measureMetaCampaigns(_twin: Awaited<ReturnType<typeof startTwin>>, _token: string) {
  console.log('\nMeta campaign list                       (not measured yet: Meta routes not wired)');
  return null;
}
