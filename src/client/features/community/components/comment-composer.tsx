import { type FormEvent, type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { INPUT_CLASS } from '#client/components/field.tsx'
import { errorMessage } from '#client/lib/api.ts'
import { formatCount } from '#client/lib/format.ts'
import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import type { Member } from '#shared/schemas/community.ts'
import { useCreateComment, useMemberSearch } from '../api.ts'
import { memberName } from '../member-name.ts'
import { insertMention, type MentionQuery, mentionQueryAt } from '../mentions.ts'
import { MemberAvatar } from './member-avatar.tsx'

/** The value after it has stopped changing for `ms` (the member search waits for a pause in the typing). */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

type Props = { measurementId: string }

/**
 * Writing a comment: up to 2,000 characters, Ctrl+Enter or ⌘+Enter sends. Typing '@' and a few letters lists
 * matching members; Arrow keys move through them, Enter or Tab picks one, Escape closes the list. The pick goes
 * into the text as `@[First Last](id)`, which the comment shows as a link and the server turns into a notification.
 */
export function CommentComposer({ measurementId }: Props) {
  const id = useId()
  const textarea = useRef<HTMLTextAreaElement>(null)
  const caretAfter = useRef<number | null>(null)
  const [body, setBody] = useState('')
  const [mention, setMention] = useState<MentionQuery | null>(null)
  const [dismissedAt, setDismissedAt] = useState<number | null>(null)
  const [active, setActive] = useState(0)
  const create = useCreateComment(measurementId)

  const query = useDebounced(mention && mention.start !== dismissedAt ? mention.query : '', 200)
  const search = useMemberSearch(query)
  const options: Member[] = query ? (search.data?.items ?? []) : []
  const open = mention !== null && mention.start !== dismissedAt && query !== '' && options.length > 0
  const listId = `${id}-members`
  const optionId = (i: number) => `${id}-member-${i}`

  const length = body.length
  const tooLong = length > COMMUNITY_LIMITS.commentChars
  const empty = body.trim() === ''

  // After a pick the caret goes just past the inserted mention (once the new text is in the field).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each change of the text
  useLayoutEffect(() => {
    if (caretAfter.current === null || !textarea.current) return
    textarea.current.setSelectionRange(caretAfter.current, caretAfter.current)
    caretAfter.current = null
  }, [body])

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at its first member
  useEffect(() => setActive(0), [query])

  const readMention = (node: HTMLTextAreaElement) => {
    const next = node.selectionStart === node.selectionEnd ? mentionQueryAt(node.value, node.selectionStart) : null
    setMention(next)
    if (next?.start !== dismissedAt) setDismissedAt(null)
  }

  const choose = (member: Member) => {
    if (!mention || !textarea.current) return
    const result = insertMention(body, mention, textarea.current.selectionStart, member)
    caretAfter.current = result.caret
    setBody(result.text)
    setMention(null)
  }

  const send = () => {
    if (empty || tooLong || create.isPending) return
    create.mutate(body.trim(), {
      onSuccess: () => {
        setBody('')
        setMention(null)
      },
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault()
        const step = event.key === 'ArrowDown' ? 1 : -1
        setActive((i) => (i + step + options.length) % options.length)
        return
      }
      if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
        const member = options[active]
        if (member) {
          event.preventDefault()
          choose(member)
        }
        return
      }
      if (event.key === 'Escape') {
        event.preventDefault()
        event.stopPropagation() // a dialog around the composer stays open
        setDismissedAt(mention?.start ?? null)
        return
      }
    }
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      send()
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    send()
  }

  return (
    <form onSubmit={submit} className="grid gap-1.5">
      <label htmlFor={`${id}-body`} className="sr-only">
        Write a comment
      </label>
      <div className="relative">
        <textarea
          ref={textarea}
          id={`${id}-body`}
          rows={2}
          value={body}
          placeholder="Write a comment… Type @ to mention a member"
          readOnly={create.isPending}
          aria-busy={create.isPending || undefined}
          onChange={(e) => {
            setBody(e.target.value)
            readMention(e.target)
          }}
          onSelect={(e) => readMention(e.currentTarget)}
          onKeyDown={onKeyDown}
          onBlur={() => setMention(null)}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open ? optionId(active) : undefined}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count ${create.isError ? `${id}-error` : ''}`.trim()}
          className={`${INPUT_CLASS} min-h-[4.5rem] resize-y`}
        />
        {open ? (
          <div
            id={listId}
            role="listbox"
            aria-label="Members to mention"
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-xl border border-stone-200 bg-white p-1 shadow-lg"
          >
            {options.map((member, i) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the text field handles the keys (aria-activedescendant)
              <div
                key={member.id}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                // The textarea keeps the focus (and the caret) while the pointer picks.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(member)}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-stone-900 ${i === active ? 'bg-pine-50' : ''}`}
              >
                <MemberAvatar member={member} className="size-7" />
                {memberName(member)}
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <p aria-live="polite" className="sr-only">
        {open
          ? `${options.length} ${options.length === 1 ? 'member' : 'members'} found. Arrow keys choose, Enter picks.`
          : ''}
      </p>
      {create.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {errorMessage(create.error, 'Your comment could not be posted. Try again.')}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <p
          id={`${id}-count`}
          className={`text-xs tabular-nums ${tooLong ? 'font-semibold text-red-700' : 'text-stone-600'}`}
        >
          {formatCount(length)} / {formatCount(COMMUNITY_LIMITS.commentChars)}
          <span className="sr-only"> characters</span>
          <span className="hidden sm:inline"> · Ctrl+Enter to send</span>
        </p>
        <Button type="submit" size="sm" disabled={empty || tooLong || create.isPending}>
          {create.isPending ? 'Posting…' : 'Post'}
        </Button>
      </div>
    </form>
  )
}
