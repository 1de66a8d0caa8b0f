import { Fragment } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { bodySegments } from '../mentions.ts'

/**
 * A comment's text: mention tokens become links to the member's profile reading '@First Last'; everything else
 * is a React text node, so markup typed into a comment shows as the characters typed and never runs.
 */
export function CommentBody({ body }: { body: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-line text-stone-900">
      {bodySegments(body).map((segment, i) =>
        segment.kind === 'mention' ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: segments of one body, in a fixed order
            key={i}
            href={paths.profile.href(segment.userId)}
            className="font-semibold text-pine-800 underline-offset-4 hover:underline"
          >
            @{segment.name}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments of one body, in a fixed order
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </p>
  )
}
