#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { ConfigError, parseConfig, readContext, type AppConfig } from '../config';
import { createStacks } from '../lib/create-stacks';
import { enableNag } from '../lib/nag';

/** bin -> typed config (CDK context, zod) -> stacks, checked by cdk-nag at synth. */
const app = new App();

let config: AppConfig;
try {
  config = parseConfig(readContext(app.node));
} catch (error) {
  // A bad -c value is the operator's to fix: say what is wrong, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

createStacks(app, config);
enableNag(app);
app.synth();
