import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const API_TARGET = 'http://localhost:5000'
const OUT_DIR = 'dist/client'
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path) : [path]
  })
}

/** Writes .gz and .br next to each text asset; @fastify/static serves them with `preCompressed`. */
function precompress(): Plugin {
  let outDir = OUT_DIR
  return {
    name: 'fieldmark-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir) // honours `vite build --outDir …`
    },
    // After the service worker is written (vite-plugin-pwa also writes in closeBundle), so sw.js gets .gz/.br too.
    closeBundle: { order: 'post', sequential: true, handler: compressAll },
  }
  function compressAll() {
    for (const file of listFiles(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue
      const source = readFileSync(file)
      const gz = gzipSync(source, { level: 9 })
      const br = brotliCompressSync(source, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
      })
      if (gz.length < source.length) writeFileSync(`${file}.gz`, gz)
      if (br.length < source.length) writeFileSync(`${file}.br`, br)
    }
  }
}

const DESCRIPTION =
  'Fieldmark is an invite-only beta for hunters and anglers: measure a trophy or catch from a photo, score it the way the record books do, and share it with the community.'
// The service worker's CacheStorage, for the logout plugin below (this file is type-checked without the DOM lib).
declare const caches: { delete(name: string): Promise<boolean> }
const API_CACHE = 'fieldmark-api'
const PHOTO_CACHE = 'fieldmark-photos'

/**
 * The installable app, offline. A generated service worker precaches the app shell (index.html, every
 * JS/CSS chunk, the icons) and answers app navigations with index.html, so the app opens without a network.
 * The member's recent data comes from the network first and from a runtime cache when there is none.
 *
 * The worker does NOT skip waiting on its own ('prompt'): a new version waits until service-worker.ts finds no
 * dialog open, then takes over and reloads, so a form being filled in is never reloaded away.
 * Functions here are copied into sw.js as source text: they must not use anything from this file.
 */
function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false, // src/client/app/service-worker.ts registers after load, without workbox-window
    // globPatterns below already precaches every icon; listing them again would only duplicate entries.
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Fieldmark',
      short_name: 'Fieldmark',
      description: DESCRIPTION,
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The brand green of index.html's theme-color and the favicon; the boot screen's stone-50 behind the splash.
      theme_color: '#243a23',
      background_color: '#fafaf9',
      icons: [
        { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      cleanupOutdatedCaches: true,
      // The first install controls the open page at once (offline works without a reload); updates wait (above).
      clientsClaim: true,
      navigateFallback: '/index.html',
      // The API, the share page (its Open Graph tags come from the server), health checks and files are never
      // answered with the app shell.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/share\//, /^\/(healthz|readyz)$/, /\.[a-z0-9]+$/i],
      runtimeCaching: [
        {
          // A share page comes from the server; offline, the app shell renders it from the API cache.
          urlPattern: ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/share/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/index.html' } },
        },
        {
          // Signing out forgets the member's cached data before the session ends.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/logout',
          handler: 'NetworkOnly',
          options: {
            plugins: [
              {
                requestWillFetch: async ({ request }) => {
                  // Literal names: this function runs in the worker, where API_CACHE and PHOTO_CACHE do not exist.
                  await Promise.all([caches.delete('fieldmark-api'), caches.delete('fieldmark-photos')])
                  return request
                },
              },
            ],
          },
        },
        {
          // The member's data and what they last read of the community (posts, comments, size checks, profiles, the
          // feed): fresh when the network answers within 3 s, the last copy otherwise.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            /^\/api\/(measurements(\/.*)?|auth\/user|settings|feed|profiles\/[^/]+(\/[a-z]+)?)$/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: API_CACHE,
            networkTimeoutSeconds: 3,
            expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Photos: from the network (the HTTP cache answers fresh ones, a 304 the others), so a photo whose catch was
          // made private stops showing; the last copy when offline or after 3 s.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/photos/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: PHOTO_CACHE,
            networkTimeoutSeconds: 3,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  })
}

export default defineConfig({
  publicDir: 'src/client/public',
  plugins: [react(), tailwindcss(), pwa(), precompress()],
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    // Every browser we support has native modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      // `npm run dev` starts the API with BASE_URL=http://localhost:5173, so the browser's own Origin is the
      // allowed one and every link the API builds (e-mails, redirects) comes back through this server.
      '/api': { target: API_TARGET },
    },
  },
})
