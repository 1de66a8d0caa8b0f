import type { ReactNode } from 'react'

/** A tab with nothing to show: its docs/product.md §2 sentence and what the member can do about it. */
export function EmptyTab({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-12 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-pine-100 text-pine-800">
        {icon}
      </span>
      <h2 className="mt-4 text-lg font-semibold text-stone-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-stone-700">{text}</p>
    </div>
  )
}
