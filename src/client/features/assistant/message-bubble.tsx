import CircleAlert from 'lucide-react/icons/circle-alert'
import ExternalLink from 'lucide-react/icons/external-link'
import { Link } from 'wouter'
import type { ChatSource } from '#shared/schemas/assistant.ts'
import { type ChatMessage, replyBlocks, sourceLink } from './conversation.ts'

/** A reply's plain text: paragraphs with their line breaks, '- ' bullets as a list. Text only, never HTML. */
export function ReplyText({ text }: { text: string }) {
  return (
    <div className="grid gap-2">
      {replyBlocks(text).map((block, i) =>
        block.kind === 'list' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the blocks of one reply never move
          <ul key={i} className="grid list-disc gap-1 pl-5">
            {block.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <p key={i} className="whitespace-pre-line">
            {block.lines.join('\n')}
          </p>
        ),
      )}
    </div>
  )
}

const SOURCE_CLASS = 'inline-flex items-center gap-1 text-xs font-medium text-pine-800 underline underline-offset-2'

/** Where an answer came from: app pages through the router, agencies' sites in a new tab. */
export function SourceLinks({ sources, onAppLink }: { sources: ChatSource[]; onAppLink?: () => void }) {
  return (
    <div className="mt-2 border-t border-stone-200 pt-2">
      <p className="text-xs font-semibold text-stone-700">Sources</p>
      <ul className="mt-1 grid gap-1" aria-label="Sources">
        {sources.map((source) => {
          const link = sourceLink(source.href)
          return (
            <li key={`${source.kind}:${source.title}:${source.href ?? ''}`}>
              {link.kind === 'app' ? (
                <Link href={link.path} className={SOURCE_CLASS} onClick={onAppLink}>
                  {source.title}
                </Link>
              ) : link.kind === 'external' ? (
                <a href={link.url} target="_blank" rel="noopener noreferrer" className={SOURCE_CLASS}>
                  {source.title}
                  <ExternalLink className="size-3" aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <span className="text-xs text-stone-700">{source.title}</span>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/** One message of the log: the member's on the right, the assistant's on the left with its sources. */
export function MessageBubble({ message, onAppLink }: { message: ChatMessage; onAppLink?: () => void }) {
  if (message.isUser) {
    return (
      <div className="flex justify-end" data-testid="chat-message-user">
        <div className="max-w-[85%] rounded-2xl rounded-br-md bg-pine-700 px-3.5 py-2 text-sm break-words whitespace-pre-wrap text-white">
          <span className="sr-only">You: </span>
          {message.text}
        </div>
      </div>
    )
  }
  return (
    <div className="flex justify-start" data-testid="chat-message-assistant">
      <div
        className={`max-w-[90%] rounded-2xl rounded-bl-md px-3.5 py-2 text-sm break-words ${
          message.failed ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-stone-100 text-stone-900'
        }`}
      >
        <span className="sr-only">Hunting Assistant: </span>
        {message.failed ? (
          <p className="flex items-start gap-1.5">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {message.text}
          </p>
        ) : (
          <ReplyText text={message.text} />
        )}
        {message.sources && message.sources.length > 0 ? (
          <SourceLinks sources={message.sources} {...(onAppLink ? { onAppLink } : {})} />
        ) : null}
      </div>
    </div>
  )
}
