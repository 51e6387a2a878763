import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMetaSandboxService } from '@infra/twin/meta-sandbox-service';
import { startOfflineModel } from '@infra/twin/openai/offline-model-server';
import { LOCAL_META_APP, LOCAL_STRIPE } from '@infra/twin/secrets/local-secret-values';
import { startStripeService } from '@infra/twin/stripe-service';
import { TWIN_HOST } from '@infra/twin/twin-ports';
import { startWebhookReceiver } from './stripe/webhook-receiver';

/** Where the contract suite's stand-ins listen, and the credentials the twin gives them. */
export interface ContractTwin {
  meta: { url: string; appId: string; appSecret: string };
  stripe: { url: string; secretKey: string; webhookSecret: string; receiver: string };
  openai: { url: string; baseUrl: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    contractTwin: ContractTwin;
  }
}

/**
 * The twin's outside-service stand-ins, started as the twin starts them (the same service
 * functions, keys and app secret) but without the product's functions: the contract suite
 * judges the stand-ins with the services' own clients, so nothing else needs to run and the
 * suite starts in about a second. Stripe's webhooks go to a receiver that keeps them as sent.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'adsmith-contract-'));
  const quiet = () => undefined;
  const [meta, stripe, openai, receiver] = await Promise.all([
    startMetaSandboxService(0, undefined, { log: quiet }),
    startStripeService(0, stateDir, quiet),
    startOfflineModel({ port: 0, host: TWIN_HOST }),
    startWebhookReceiver(),
  ]);
  stripe.setWebhookUrl(receiver.webhookUrl);
  project.provide('contractTwin', {
    meta: { url: meta.url, ...LOCAL_META_APP },
    stripe: { url: stripe.url, ...LOCAL_STRIPE, receiver: receiver.url },
    openai: { url: openai.url, baseUrl: openai.baseUrl },
  });
  return async () => {
    await Promise.all([meta.stop(), stripe.stop(), openai.stop(), receiver.stop()]);
    await rm(stateDir, { recursive: true, force: true });
  };
}
