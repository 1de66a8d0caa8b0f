import { BrandMark, BrandName } from '#client/components/brand.tsx'
import { Button } from '#client/components/button.tsx'
import { landingContent } from '../content.ts'

type Props = { onRequestAccess: () => void; onRequestAccessIntent: () => void; onBetaLogin: () => void }

export function LandingHeader({ onRequestAccess, onRequestAccessIntent, onBetaLogin }: Props) {
  const copy = landingContent.header
  return (
    <header className="absolute inset-x-0 top-0 z-20">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <div className="flex items-center gap-2 text-white">
          <BrandMark />
          <BrandName className="max-sm:sr-only" />
          <span className="rounded-full bg-amber-400 px-2 py-0.5 text-xs font-bold tracking-wider text-stone-950">
            {copy.badge}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="accent"
            size="sm"
            onClick={onRequestAccess}
            onPointerEnter={onRequestAccessIntent}
            onFocus={onRequestAccessIntent}
          >
            {copy.requestAccess}
          </Button>
          <Button variant="inverse" size="sm" onClick={onBetaLogin}>
            {copy.betaLogin}
          </Button>
        </div>
      </div>
    </header>
  )
}
