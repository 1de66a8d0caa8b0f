/** The Loading spinner of docs/product.md §2 (auth loading, lazy screens): a status region named 'Loading'. */
export function Loading({ fullScreen = true, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center ${fullScreen ? 'min-h-screen' : 'py-16'}`}
    >
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-pine-200 border-t-pine-700 [animation-duration:0.8s]"
      />
      <span className="sr-only">{label}</span>
    </div>
  )
}
