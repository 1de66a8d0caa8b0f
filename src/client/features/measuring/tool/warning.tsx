import TriangleAlert from 'lucide-react/icons/triangle-alert'

/** Something about the photo that makes the measurement worse, said where the member looks. */
export function Warning({ text }: { text: string }) {
  return (
    <p className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      {text}
    </p>
  )
}
