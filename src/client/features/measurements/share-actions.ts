import { toast } from '#client/components/toast-store.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import {
  facebookShareUrl,
  instagramCaption,
  isOpenToOthers,
  type Shareable,
  shareMessage,
  shareText,
  shareUrl,
  twitterShareUrl,
} from './share.ts'

// The browser side of sharing: the device share sheet, the clipboard and the networks' share windows.

const PRIVATE_NOTE = 'Only public measurements can be opened by others.'

function origin(): string {
  return window.location.origin
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    toast({ title: 'Could not copy', description: 'Your browser did not allow the clipboard.', variant: 'destructive' })
    return false
  }
}

function copiedToast(item: Shareable) {
  const described = 'Share link copied to your clipboard'
  toast({
    title: 'Copied to clipboard',
    description: isOpenToOthers(item) ? described : `${described}. ${PRIVATE_NOTE}`,
  })
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** docs/product.md §2: the device share sheet, else the text and link copied with its toast. */
export async function shareMeasurement(item: Shareable, units: UnitSystem): Promise<void> {
  const url = shareUrl(origin(), item.id)
  const data = { title: `My ${item.species}`, text: shareMessage(item, units), url }
  if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
    try {
      await navigator.share(data)
      return
    } catch (error) {
      if (isAbort(error)) return // the member closed the sheet
    }
  }
  if (await copy(shareText(item, units, origin()))) copiedToast(item)
}

export async function copyShareLink(item: Shareable): Promise<void> {
  if (await copy(shareUrl(origin(), item.id))) {
    toast({
      title: 'Link copied',
      description: isOpenToOthers(item) ? 'Anyone with the link can open this measurement.' : PRIVATE_NOTE,
    })
  }
}

function openWindow(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer')
}

export function shareOnFacebook(item: Shareable) {
  openWindow(facebookShareUrl(shareUrl(origin(), item.id)))
}

export function shareOnTwitter(item: Shareable, units: UnitSystem) {
  openWindow(twitterShareUrl(shareMessage(item, units), shareUrl(origin(), item.id)))
}

/** Instagram has no web share: the caption goes to the clipboard for the member to paste. */
export async function shareOnInstagram(item: Shareable, units: UnitSystem): Promise<void> {
  if (await copy(instagramCaption(item, units))) {
    toast({ title: 'Caption copied', description: 'Paste it in Instagram with your photo.' })
  }
}

/** The share actions that hand out the measurement's link (Instagram's caption carries none). */
export type LinkShare = 'share' | 'copy-link' | 'facebook' | 'twitter'

/** Runs one link share; the caller has already warned about a link that only public measurements open. */
export function runLinkShare(action: LinkShare, item: Shareable, units: UnitSystem): void {
  if (action === 'share') void shareMeasurement(item, units)
  else if (action === 'copy-link') void copyShareLink(item)
  else if (action === 'facebook') shareOnFacebook(item)
  else shareOnTwitter(item, units)
}
