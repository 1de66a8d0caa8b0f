// Small marks for the share menu (lucide has no brand icons). Drawn inline, aria-hidden: the item text names them.

export function FacebookMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#1877f2" />
      <path
        d="M13.2 19v-5.6h1.9l.3-2.3h-2.2V9.7c0-.7.2-1.1 1.1-1.1h1.2V6.5a16 16 0 0 0-1.7-.1c-1.7 0-2.9 1-2.9 3V11H9v2.3h1.9V19z"
        fill="#fff"
      />
    </svg>
  )
}

export function TwitterMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="11" fill="#0f1419" />
      <path d="M7 7h3l7 10h-3zM16.5 7 7.5 17" stroke="#fff" strokeWidth="1.4" fill="none" strokeLinejoin="round" />
    </svg>
  )
}

export function InstagramMark({ className = '' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="22" height="22" rx="6" fill="#d62976" />
      <rect x="5.5" y="5.5" width="13" height="13" rx="4" fill="none" stroke="#fff" strokeWidth="1.6" />
      <circle cx="12" cy="12" r="3" fill="none" stroke="#fff" strokeWidth="1.6" />
      <circle cx="16" cy="8" r="0.9" fill="#fff" />
    </svg>
  )
}
