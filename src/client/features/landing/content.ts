/**
 * Every word of marketing copy on the landing page, in one place for the operator to edit.
 * The "beta community stats" numbers are NOT here: they are live counts from GET /api/community-stats.
 * Icons are named by key; components/landing-icon.tsx maps each key to its drawing.
 */

export type LandingIconKey = 'scan' | 'trophy' | 'users' | 'target' | 'globe' | 'clock' | 'badge' | 'sparkles'
export type SpeciesGlyphKey = 'antlers' | 'fish' | 'turkey' | 'elk' | 'boar' | 'more'

export const landingContent = {
  header: {
    badge: 'BETA',
    requestAccess: 'Request Access',
    betaLogin: 'Beta Login',
  },

  hero: {
    eyebrow: 'Closed beta · by invitation',
    title: 'Measure Your Trophy',
    lead: 'Snap a photo of your buck, bull or bass. Fieldmark measures it against a reference in the frame and scores it the way the record books do: Boone & Crockett, Pope & Young, SCI and NWTF.',
    primaryCta: 'Request Access',
    note: 'Free beta access · We review every request within 24-48 hours',
  },

  demo: {
    label: 'Live measurement',
    species: 'Bull Moose',
    trophyClass: 'Trophy class',
    measurements: [
      { label: 'Spread', value: '52 in' },
      { label: 'B&C score', value: '168 5/8' },
    ],
    spreadCallout: '52" spread',
    footnote: 'Measured from a photo with a credit card in frame',
  },

  stats: {
    title: 'The beta community, right now',
    subtitle: 'Live numbers from our database: no rounding up, no marketing.',
    members: 'Approved members',
    requests: 'Access requests',
    regions: 'Regions represented',
  },

  features: {
    title: 'Built for the field',
    subtitle: 'From the first photo to the record book entry.',
    items: [
      {
        icon: 'scan',
        title: 'Instant AI Analysis',
        body: 'Identify the species and get measurement estimates from a single photo, then confirm them with the measuring tool.',
      },
      {
        icon: 'trophy',
        title: 'Trophy Scoring',
        body: 'Official scoring for Boone & Crockett, Pope & Young, SCI and NWTF, with every line and deduction shown.',
      },
      {
        icon: 'users',
        title: 'Global Community',
        body: 'Share your harvest, follow other hunters and anglers, and have members check reported sizes.',
      },
    ] satisfies { icon: LandingIconKey; title: string; body: string }[],
  },

  whyUs: {
    title: 'Why hunters and anglers choose Fieldmark',
    points: [
      'Score sheets that follow the official record book rules',
      'Measure from a photo with a credit card or a quarter as reference',
      'Keep every catch and harvest with its statistics in one place',
      'Works in the field and syncs when you are back in signal',
      'Your locations stay private: photos are stripped of GPS data',
    ],
    cards: [
      { icon: 'target', value: '50+', label: 'Species supported' },
      { icon: 'sparkles', value: '98%', label: 'Measurement accuracy' },
      { icon: 'badge', value: '12,500+', label: 'Record book entries' },
      { icon: 'globe', value: '150+', label: 'Countries' },
    ] satisfies { icon: LandingIconKey; value: string; label: string }[],
    community: '10,000+ community members',
    support: '24/7 support',
  },

  testimonials: {
    title: 'From the field',
    items: [
      {
        quote:
          'I scored my whitetail in camp before we even got him to the truck. The B&C sheet matched the official scorer within an eighth.',
        name: 'Jake M.',
        detail: 'Whitetail hunter, Wisconsin',
      },
      {
        quote:
          'Length times girth squared over 800, done for me from one photo of the bass on the board. No more guessing at the dock.',
        name: 'Maria L.',
        detail: 'Tournament angler, Texas',
      },
      {
        quote: 'The community size check keeps everyone honest. A verified entry actually means something here.',
        name: 'Tom R.',
        detail: 'Elk guide, Montana',
      },
    ],
  },

  species: {
    title: 'Every species, its own scoring',
    subtitle: 'Each entry is scored with the system its record book uses.',
    items: [
      { name: 'Whitetail', scoring: 'Boone & Crockett', glyph: 'antlers' },
      { name: 'Bass', scoring: 'Length × girth² ÷ 800', glyph: 'fish' },
      { name: 'Turkey', scoring: 'NWTF', glyph: 'turkey' },
      { name: 'Elk', scoring: 'Boone & Crockett', glyph: 'elk' },
      { name: 'Boar', scoring: 'SCI', glyph: 'boar' },
      { name: 'More', scoring: '50+ species', glyph: 'more' },
    ] satisfies { name: string; scoring: string; glyph: SpeciesGlyphKey }[],
  },

  closing: {
    title: 'Join the closed beta',
    body: 'Free beta access for the first members, with early bird benefits when Fieldmark launches. Tell us a little about yourself and we will review your request within 48 hours.',
    cta: 'Request Access',
    secondary: 'Already approved? Use Beta Login at the top of the page.',
  },

  footer: {
    tagline: 'Measure, score and share your trophies and catches.',
    support: 'Questions? Our team offers 24/7 support to beta members.',
    copyright: '© Fieldmark',
  },
} as const
