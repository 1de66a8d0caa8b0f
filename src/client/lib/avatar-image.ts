/** Earthy backgrounds that all keep white initials above 4.5:1. */
const BACKGROUNDS = ['#33552f', '#7c2d12', '#1e3a5f', '#57534e', '#854d0e', '#3f6a39', '#7c4a1e', '#115e59']

function hash(text: string): number {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) >>> 0
  return h
}

/** A generated initials image (SVG data URL, allowed by the CSP's img-src data:) for users without a photo. */
export function initialsAvatarUrl(letters: string, seed: string): string {
  const background = BACKGROUNDS[hash(seed) % BACKGROUNDS.length]
  const safe =
    letters
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 2)
      .toUpperCase() || 'U'
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/>` +
    `<text x="32" y="32" dominant-baseline="central" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="600" fill="#fff">${safe}</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}
