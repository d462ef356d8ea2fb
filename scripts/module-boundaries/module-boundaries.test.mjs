/**
 * Proves the boundary rules in .dependency-cruiser.js fire (decision 022): cruises the fixture
 * tree beside this file, which mirrors apps/api/src/modules and apps/web/app/features, with the
 * repository's own rule set, and expects exactly the violations the fixtures were written to
 * make, no fewer (a rule that stopped matching) and no more (a rule that flags allowed imports).
 * Run by `npm run lint`.
 */
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import config from '../../.dependency-cruiser.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const tsConfigFile = path.join(fixtures, 'apps/web/tsconfig.json');

/** Every violation the rule set finds in the fixtures, as `rule: from → to` lines, sorted. */
async function fixtureViolations() {
  const { output } = await cruise(
    ['apps'],
    {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      baseDir: fixtures,
      tsConfig: { fileName: tsConfigFile },
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  assert.equal(typeof output, 'object');
  return output.summary.violations.map(({ rule, from, to }) => `${rule.name}: ${from} → ${to}`).sort();
}

test('the boundary rules flag each forbidden import in the fixtures and nothing else', async () => {
  assert.deepEqual(await fixtureViolations(), [
    // A module-level cycle: alpha/service → beta/service, beta/routes → alpha/codes. No file
    // cycle exists, which is why the rule looks at folders.
    'api-module-cycle: apps/api/src/modules/alpha → apps/api/src/modules/beta',
    'api-module-cycle: apps/api/src/modules/beta → apps/api/src/modules/alpha',
    'api-other-module-repository: apps/api/src/modules/gamma/service.ts → apps/api/src/modules/delta/repository.ts',
    'web-feature-imports-feature: apps/web/app/features/one/api/get-one.ts → apps/web/app/features/two/api/get-two.ts',
    'web-feature-imports-feature: apps/web/app/features/one/components/one-view.tsx → apps/web/app/features/two/components/two-view.tsx',
  ]);
});
