import { useCallback, useEffect, useRef, useState } from 'react'
import { CHAT_FAILURE_INTERNAL } from '#shared/assistant/constants.ts'
import { sendChat } from './api.ts'
import {
  type ChatMessage,
  failureMessage,
  forgetOtherConversations,
  greeting,
  historyFor,
  loadConversation,
  saveConversation,
  sendableText,
  sessionStore,
} from './conversation.ts'

/**
 * The member's conversation: kept in sessionStorage (it survives navigation and reloads in this tab), one
 * question at a time (docs/product.md §4: a message is pending while the request runs), recent turns sent with each one.
 */
export function useConversation(userId: string) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => {
    forgetOtherConversations(sessionStore(), userId)
    return loadConversation(sessionStore(), userId, Date.now())
  })
  const [pending, setPending] = useState(false)
  const sending = useRef(false)
  const latest = useRef(messages)
  latest.current = messages

  useEffect(() => saveConversation(sessionStore(), userId, messages), [messages, userId])

  /** Sends the trimmed input; false when it was ignored (blank, or a reply is still pending). */
  const send = useCallback((input: string): boolean => {
    const text = sendableText(input)
    if (text === null || sending.current) return false
    sending.current = true
    const history = historyFor(latest.current)
    const question: ChatMessage = { id: crypto.randomUUID(), text, isUser: true, timestamp: Date.now() }
    setMessages((current) => [...current, question])
    setPending(true)
    sendChat({ message: text, ...(history.length > 0 ? { history } : {}) })
      .then(
        (answer) => {
          const reply: ChatMessage = {
            id: crypto.randomUUID(),
            text: answer.reply,
            isUser: false,
            timestamp: Date.now(),
            ...(answer.sources && answer.sources.length > 0 ? { sources: answer.sources } : {}),
          }
          setMessages((current) => [...current, reply])
        },
        (error: unknown) => {
          // docs/product.md §8: the member reads the failure message; the console keeps the internal one and its cause.
          console.warn(CHAT_FAILURE_INTERNAL, error)
          setMessages((current) => [...current, failureMessage(crypto.randomUUID(), Date.now())])
        },
      )
      .finally(() => {
        sending.current = false
        setPending(false)
      })
    return true
  }, [])

  /** A new conversation: the greeting again (a reply still on its way is added to the new one). */
  const restart = useCallback(() => setMessages([greeting(Date.now())]), [])

  return { messages, pending, send, restart }
}
