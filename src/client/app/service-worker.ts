/**
 * Registers the service worker vite-plugin-pwa generates (vite.config.ts), after the page has loaded so it
 * never competes with the first paint, and without workbox-window (a few hundred bytes instead of kilobytes).
 *
 * Updates: a new version installs in the background and then waits. It takes over (and the page reloads
 * once, onto the new code) as soon as no dialog is open, so a measurement being filled in is never lost to a
 * reload; anything already saved is in IndexedDB anyway (features/measurements/offline).
 */
const SCRIPT = '/sw.js'
const UPDATE_CHECK_MS = 60 * 60 * 1000
const DIALOG_RETRY_MS = 5000

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  if (document.readyState === 'complete') void register()
  else window.addEventListener('load', () => void register(), { once: true })
}

async function register() {
  const container = navigator.serviceWorker
  // The very first install takes control without a reload (clientsClaim); only a replacement reloads.
  let hadController = Boolean(container.controller)
  container.addEventListener('controllerchange', () => {
    if (hadController) window.location.reload()
    hadController = true
  })
  let registration: ServiceWorkerRegistration
  try {
    registration = await container.register(SCRIPT, { scope: '/' })
  } catch (err) {
    console.warn('Service worker not registered; the app will not work offline.', err)
    return
  }
  if (registration.waiting && container.controller) activateWhenSafe(registration.waiting)
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) activateWhenSafe(worker)
    })
  })
  // An installed app can stay open for days: look for a new version now and then.
  window.setInterval(() => registration.update().catch(() => {}), UPDATE_CHECK_MS)
}

function activateWhenSafe(worker: ServiceWorker) {
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) {
    window.setTimeout(() => activateWhenSafe(worker), DIALOG_RETRY_MS)
    return
  }
  worker.postMessage({ type: 'SKIP_WAITING' })
}
