import { enableCompileCache, type ResolveFnOutput, registerHooks } from 'node:module'

// Loading the server's modules is most of a start once the database comes from the template (ADR 021). Two things
// halve it, set up by server.ts before the app's modules load:
// - Node's compile cache (in the system's temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off): later
//   starts reuse the compiled code of every module, ours and the packages'.
// - drizzle-orm resolved here. Node parses a package's exports map again each time it resolves a module of it, and
//   drizzle-orm's is 180 KB, met ~450 times at start (its own files, and our ~90 importing it): about a second of CPU.

/** drizzle-orm's folder as a file URL (resolved, like the URLs of its modules). */
const drizzleRoot = () => new URL('.', import.meta.resolve('drizzle-orm')).href

export function fastModuleLoading(): void {
  enableCompileCache()
  const root = drizzleRoot()
  // Our files all find the one drizzle-orm in the project's node_modules, so a specifier resolves alike for each.
  const resolved = new Map<string, ResolveFnOutput>()
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL
      // Its files are ES modules ("type": "module") that import one another by relative path with the extension.
      if (parent?.startsWith(root) && (specifier.startsWith('./') || specifier.startsWith('../'))) {
        const url = new URL(specifier, parent).href
        if (url.startsWith(root) && url.endsWith('.js')) return { url, format: 'module', shortCircuit: true }
      }
      if (
        (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) &&
        parent?.startsWith('file:') &&
        !parent.includes('/node_modules/')
      ) {
        const key = `${specifier} ${context.conditions.join(',')}`
        const known = resolved.get(key)
        if (known) return known
        const result = nextResolve(specifier, context)
        resolved.set(key, { ...result, shortCircuit: true })
        return result
      }
      return nextResolve(specifier, context)
    },
  })
}
