/** The Fieldmark mark: a crosshair over a ridge line, drawn inline so no image request is needed. */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#243a23" />
      <path d="M4 24 L12 14 L17 20 L21 16 L28 24 Z" fill="#72a06a" />
      <circle cx="21" cy="11" r="5" fill="none" stroke="#fbbf24" strokeWidth="2" />
      <path d="M21 4 V8 M21 14 V18 M14 11 H18 M24 11 H28" stroke="#fbbf24" strokeWidth="2" strokeLinecap="round" />
    </svg>
  )
}

export function BrandName({ className = '' }: { className?: string }) {
  return <span className={`text-lg font-bold tracking-tight ${className}`}>Fieldmark</span>
}
