// `node src/server/server.ts` (npm start, a service manager, the benchmark): speeds up loading the modules, then
// starts the server (start.ts). A static import would load them all before the first line here runs.
import { fastModuleLoading } from './lib/module-loading.ts'

fastModuleLoading()
await import('./start.ts')
