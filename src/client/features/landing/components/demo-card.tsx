import { landingContent } from '../content.ts'

/** Antler palm, left side; the right one is its mirror image. */
const PALM =
  'M150 96 C134 84 108 88 82 76 L64 56 L80 64 L80 44 L92 60 L98 40 L106 58 L116 42 L120 62 L128 50 L130 70 C138 74 146 80 154 88 Z'

function MooseScene() {
  return (
    <svg
      viewBox="0 0 320 200"
      className="block h-auto w-full"
      role="img"
      aria-label="Illustration of a bull moose with its 52-inch antler spread measured"
    >
      <defs>
        <linearGradient id="fm-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f59e0b" stopOpacity="0.55" />
          <stop offset="0.55" stopColor="#3f6a39" />
          <stop offset="1" stopColor="#243a23" />
        </linearGradient>
      </defs>
      <rect width="320" height="200" fill="url(#fm-sky)" />
      <path d="M0 150 L50 108 L88 134 L140 92 L196 140 L246 102 L320 146 V200 H0 Z" fill="#2b4528" />
      <path
        d="M0 172 L14 150 L22 166 L34 142 L46 168 L60 148 L72 170 L260 170 L272 146 L284 168 L298 144 L310 166 L320 152 V200 H0 Z"
        fill="#111f11"
      />
      <g>
        <path d={PALM} fill="#d6c3a0" stroke="#8b6f47" strokeWidth="1.5" strokeLinejoin="round" />
        <path
          d={PALM}
          transform="translate(320 0) scale(-1 1)"
          fill="#d6c3a0"
          stroke="#8b6f47"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
        <ellipse cx="136" cy="104" rx="12" ry="6" fill="#3b2a1e" transform="rotate(-20 136 104)" />
        <ellipse cx="184" cy="104" rx="12" ry="6" fill="#3b2a1e" transform="rotate(20 184 104)" />
        <path
          d="M146 92 H174 C182 112 180 138 176 156 C174 170 168 178 160 178 C152 178 146 170 144 156 C140 138 138 112 146 92 Z"
          fill="#4a3728"
        />
        <path
          d="M150 168 C154 174 166 174 170 168"
          stroke="#2a1d14"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
        <circle cx="152" cy="116" r="2.5" fill="#1c130d" />
        <circle cx="168" cy="116" r="2.5" fill="#1c130d" />
      </g>
      <g stroke="#fbbf24" strokeWidth="2" strokeLinecap="round">
        <line x1="64" y1="30" x2="256" y2="30" strokeDasharray="6 4" />
        <line x1="64" y1="22" x2="64" y2="52" />
        <line x1="256" y1="22" x2="256" y2="52" />
      </g>
      <rect x="112" y="14" width="96" height="22" rx="11" fill="#111f11" stroke="#fbbf24" />
      <text x="160" y="29" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fde68a">
        {landingContent.demo.spreadCallout}
      </text>
    </svg>
  )
}

export function DemoCard() {
  const copy = landingContent.demo
  return (
    <figure className="overflow-hidden rounded-2xl border border-white/15 bg-white shadow-2xl shadow-black/30">
      {/* The badge sits at the bottom: the spread callout at the top stays readable at every width. */}
      <div className="relative">
        <MooseScene />
        <span className="absolute bottom-3 left-3 flex items-center gap-1.5 rounded-full bg-stone-950/75 px-2.5 py-1 text-xs font-semibold text-white">
          <span className="size-2 rounded-full bg-amber-400" aria-hidden="true" />
          {copy.label}
        </span>
      </div>
      <figcaption className="grid gap-3 p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-lg font-bold text-stone-900">{copy.species}</p>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
            {copy.trophyClass}
          </span>
        </div>
        <dl className="grid grid-cols-2 gap-3">
          {copy.measurements.map((m) => (
            <div key={m.label} className="rounded-lg bg-stone-100 p-3">
              <dt className="text-xs font-medium text-stone-600">{m.label}</dt>
              <dd className="text-xl font-bold text-pine-800">{m.value}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-stone-600">{copy.footnote}</p>
      </figcaption>
    </figure>
  )
}
