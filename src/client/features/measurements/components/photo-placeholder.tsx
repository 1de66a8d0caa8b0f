import { useId } from 'react'

/**
 * Shown where a measurement has no photo or its photo fails to load (docs/product.md §2): a quiet landscape with a tape
 * along the bottom, drawn inline so it costs no request and works offline.
 */
export function PhotoPlaceholder({ className = '', label }: { className?: string; label?: string | undefined }) {
  const sky = useId()
  return (
    <svg
      viewBox="0 0 320 240"
      preserveAspectRatio="xMidYMid slice"
      className={`block bg-stone-100 ${className}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={sky} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f3f7f2" />
          <stop offset="1" stopColor="#e3ede0" />
        </linearGradient>
      </defs>
      <rect width="320" height="240" fill={`url(#${sky})`} />
      <circle cx="236" cy="70" r="18" fill="#fbbf24" fillOpacity="0.35" />
      <path
        d="M0 176 L62 118 L104 146 L168 84 L226 142 L266 116 L320 150 V240 H0 Z"
        fill="#9fc097"
        fillOpacity="0.55"
      />
      <path d="M0 200 L80 152 L130 178 L204 128 L270 174 L320 160 V240 H0 Z" fill="#52834a" fillOpacity="0.45" />
      <rect x="36" y="206" width="248" height="16" rx="3" fill="#fbbf24" fillOpacity="0.85" />
      <path
        d="M52 206 v7 M68 206 v5 M84 206 v7 M100 206 v5 M116 206 v7 M132 206 v5 M148 206 v7 M164 206 v5 M180 206 v7 M196 206 v5 M212 206 v7 M228 206 v5 M244 206 v7 M260 206 v5"
        stroke="#78350f"
        strokeOpacity="0.6"
        strokeWidth="1.5"
      />
    </svg>
  )
}
