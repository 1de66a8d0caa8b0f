import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const API_TARGET = 'http://localhost:5000'
const OUT_DIR = 'dist/client'
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/

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
    closeBundle() {
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
    },
  }
}

export default defineConfig({
  publicDir: 'src/client/public',
  plugins: [react(), tailwindcss(), precompress()],
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
