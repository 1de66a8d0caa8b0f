import { landingContent } from '../content.ts'
import { RequestAccessButton, type RequestAccessHandlers } from './request-access-button.tsx'

type Props = RequestAccessHandlers

export function ClosingCta({ onRequestAccess, onRequestAccessIntent }: Props) {
  const copy = landingContent.closing
  return (
    <section aria-labelledby="closing-title" className="bg-pine-900 px-4 py-16 text-white sm:px-6 sm:py-20">
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="closing-title" className="text-3xl font-bold">
          {copy.title}
        </h2>
        <p className="mt-4 text-lg text-pine-100">{copy.body}</p>
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <RequestAccessButton
            label={copy.cta}
            onRequestAccess={onRequestAccess}
            onRequestAccessIntent={onRequestAccessIntent}
          />
          <p className="text-sm text-pine-100">{copy.secondary}</p>
        </div>
      </div>
    </section>
  )
}
