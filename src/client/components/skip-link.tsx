/** The first focusable element: jumps keyboard users past the header to the page's main content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold text-pine-900 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to content
    </a>
  )
}
