'use strict';
/**
 * Stands in for the `semver` package inside Lambda bundles. The X-Ray SDK (via the
 * Powertools tracer) and cls-hooked load all 28 KB of semver to call `gte` twice on
 * plain `major.minor.patch` versions. Anything else throws, so a dependency that
 * starts needing more of semver fails loudly in the bundle tests, not silently.
 */
const PLAIN_VERSION = /^v?(\d+)\.(\d+)\.(\d+)(?:[-+].*)?$/;

function parse(version) {
  const match = PLAIN_VERSION.exec(String(version).trim());
  if (!match) throw new Error(`semver-gte: cannot compare version ${JSON.stringify(version)}`);
  return match.slice(1, 4).map(Number);
}

function gte(a, b) {
  const [x, y] = [parse(a), parse(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return true;
}

module.exports = new Proxy(
  { gte },
  {
    get(target, name) {
      if (name in target || typeof name === 'symbol' || name === '__esModule' || name === 'default')
        return target[name];
      throw new Error(`semver-gte: semver.${String(name)} is not available in Lambda bundles`);
    },
  },
);
