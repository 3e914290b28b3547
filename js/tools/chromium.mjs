// Debian's Chromium as the browser tests and the README screenshot launch it.
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Run as root with no sandbox: without the background-networking flags it keeps trying to reach
// Google services on a closed network. Playwright adds --headless itself.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
