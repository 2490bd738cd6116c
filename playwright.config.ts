// Browser tests (tests/browser/*.spec.ts): @playwright/test with the system Chromium, never a
// downloaded browser, against the built site as `npm start` serves it, on a loopback port.
// `npm run test:browser` checks for Chromium and builds first when needed; `npx playwright test`
// works too (the web server command builds when dist/ is stale).
import { execFileSync } from 'node:child_process';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium.ts';

/**
 * A free TCP port on 127.0.0.1, chosen once by the runner and handed to its workers through the
 * environment (workers load this file again and inherit the runner's environment).
 */
function sitePort(): number {
  process.env.PLAYWRIGHT_SITE_PORT ??= execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  );
  return Number(process.env.PLAYWRIGHT_SITE_PORT);
}

const port = sitePort();
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'tests/browser',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/browser',
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 90_000,
  // scripts/test.mjs reads the JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE) for the tests that ran and were skipped.
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: 'playwright-report' }],
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [['json'] as ['json']] : []),
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // scripts/start.mjs: build when stale, then scripts/serve.ts (the site plus the mock API).
    command: `"${process.execPath}" scripts/start.mjs`,
    url: `${baseURL}/`,
    env: { HOST: '127.0.0.1', PORT: String(port), ASTRO_TELEMETRY_DISABLED: '1' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
