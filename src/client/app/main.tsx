import '#client/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers } from './providers.tsx'
import { AppRouter } from './router.tsx'
import { preloadLikelyScreen } from './screens.ts'
import { registerServiceWorker } from './service-worker.ts'

// Fetch the likely screen's code while the auth check runs, instead of after it.
preloadLikelyScreen(window.location.pathname)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
)

// The PWA (offline shell and data): after load, so it never delays the first paint.
registerServiceWorker()
