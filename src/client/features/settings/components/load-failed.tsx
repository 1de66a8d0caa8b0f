import { Button } from '#client/components/button.tsx'
import { errorMessage } from '#client/lib/api.ts'

/** A settings list that could not load: the reason, and a way to try again without reloading the page. */
export function LoadFailed({ error, fallback, retry }: { error: unknown; fallback: string; retry: () => void }) {
  return (
    <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">{errorMessage(error, fallback)}</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={retry}>
        Try again
      </Button>
    </div>
  )
}
