import { defaultPreviewRules, type PreviewRules } from './page-preview.ts';

export const TEST_LOOPBACK_VARIABLE = 'POSTER_PREVIEW_TEST_LOOPBACK_PORTS';

/**
 * The poster bot's page-fetch rules from the environment. The only setting is for tests: a
 * comma-separated list of ports on which loopback pages may be read, so a test can serve a
 * page on 127.0.0.1. Two keys must turn together to open it (the variable and NODE_ENV=test),
 * it opens loopback on those ports only (never the private networks), and set in any other
 * environment it stops the start with an error instead of being quietly honoured or ignored.
 */
export function previewRulesFrom(env: NodeJS.ProcessEnv): PreviewRules {
  const raw = env[TEST_LOOPBACK_VARIABLE]?.trim();
  if (!raw) return defaultPreviewRules;
  if (env.NODE_ENV !== 'test')
    throw new Error(
      `${TEST_LOOPBACK_VARIABLE} lets the poster bot read pages on this machine and is for tests only: it is refused unless NODE_ENV=test`,
    );
  const ports = raw.split(',').map((part) => Number(part.trim()));
  if (!ports.every((port) => Number.isInteger(port) && port > 0 && port < 65536))
    throw new Error(`${TEST_LOOPBACK_VARIABLE} must be a comma-separated list of ports, got "${raw}"`);
  return { ...defaultPreviewRules, loopbackPorts: ports };
}
