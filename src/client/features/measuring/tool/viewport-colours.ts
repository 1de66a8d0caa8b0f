/** The marks' colours: the reference amber, the subject's path white, each with a dark halo to show on any photo. */
export const REFERENCE_COLOUR = '#fbbf24' // amber-400
export const SUBJECT_COLOUR = '#ffffff'
export const HALO = '#0c0a09' // stone-950
