/**
 * Debian's chromium, as every browser run here uses it (e2e tests, benchmarks): test tools
 * cannot download their own browsers on these machines. The flags keep a headless
 * Chromium from reaching for the network, which this machine refuses.
 */
export const chromiumExecutablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
