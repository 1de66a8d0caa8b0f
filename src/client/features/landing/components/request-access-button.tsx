import { Button } from '#client/components/button.tsx'

export type RequestAccessHandlers = { onRequestAccess: () => void; onRequestAccessIntent: () => void }

/** The large call-to-action: opens the dialog, and starts loading it as soon as the pointer or focus arrives. */
export function RequestAccessButton({
  label,
  onRequestAccess,
  onRequestAccessIntent,
}: RequestAccessHandlers & { label: string }) {
  return (
    <Button
      variant="accent"
      size="lg"
      onClick={onRequestAccess}
      onPointerEnter={onRequestAccessIntent}
      onFocus={onRequestAccessIntent}
    >
      {label}
    </Button>
  )
}
