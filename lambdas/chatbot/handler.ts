import { streamFunction } from '../lib/http/stream-function';
import { chatRoute } from './chatbot-route';

// One route: loading it on first use (streamFunctionOnFirstUse) would only move its cost from init to the first
// answer, and add the reading of its chunks (docs/benchmarks.md, session 23), so init loads it.
export const handler = streamFunction(chatRoute.route, chatRoute.logic);
