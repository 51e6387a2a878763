#!/usr/bin/env node
import { App } from 'aws-cdk-lib';
import { parseConfig, readContext } from '../config';
import { createStacks } from '../lib/create-stacks';
import { enableNag } from '../lib/nag';

/** bin -> typed config (CDK context, zod) -> stacks, checked by cdk-nag. */
const app = new App();
const config = parseConfig(readContext(app.node));
createStacks(app, config);
enableNag(app);
app.synth();
