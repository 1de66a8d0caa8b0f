/** Debian's Chromium with the flags a root container needs: headless, no sandbox, no GPU, no background network. */
export const CHROMIUM_PATH = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
