import { useEffect } from 'react'
import { useLocation, useSearch } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { SkipLink } from '#client/components/skip-link.tsx'
import { ClosingCta } from '../components/closing-cta.tsx'
import { CommunityStats } from '../components/community-stats.tsx'
import { FeaturesSection } from '../components/features-section.tsx'
import { HeroSection } from '../components/hero-section.tsx'
import { LandingFooter } from '../components/landing-footer.tsx'
import { LandingHeader } from '../components/landing-header.tsx'
import { SpeciesGrid } from '../components/species-grid.tsx'
import { TestimonialsSection } from '../components/testimonials-section.tsx'
import { WhyUsSection } from '../components/why-us-section.tsx'

type Props = {
  /** Opens the Request Access dialog (composed by the app, it belongs to the access feature). */
  onRequestAccess: () => void
  /** The pointer or focus is on a Request Access button: fetch the dialog's code now. */
  onRequestAccessIntent: () => void
  /** Beta Login: a full page navigation to /api/login. */
  onBetaLogin: () => void
}

export function LandingPage(actions: Props) {
  useRequestAccessLink(actions.onRequestAccess)
  return (
    <div className="relative">
      <SkipLink />
      <LandingHeader {...actions} />
      <main id="main" tabIndex={-1} className="outline-none">
        <HeroSection {...actions} />
        <CommunityStats />
        <FeaturesSection />
        <WhyUsSection />
        <TestimonialsSection />
        <SpeciesGrid />
        <ClosingCta {...actions} />
      </main>
      <LandingFooter />
    </div>
  )
}

/** '/?request-access' (the sign-in page's link) opens the Request Access dialog; the address becomes '/' again. */
function useRequestAccessLink(onRequestAccess: () => void) {
  const search = useSearch()
  const [, navigate] = useLocation()
  useEffect(() => {
    if (!new URLSearchParams(search).has('request-access')) return
    onRequestAccess()
    navigate(paths.home, { replace: true })
  }, [search, onRequestAccess, navigate])
}
