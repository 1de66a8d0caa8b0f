import { Component, type ErrorInfo, type ReactNode } from 'react'

type Props = { children: ReactNode }
type State = { failed: boolean }

/**
 * Catches render errors and failed lazy chunks (e.g. an old tab after a deploy) and offers a reload
 * instead of a blank page. Never shows a stack trace.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false }

  static getDerivedStateFromError(): State {
    return { failed: true }
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Fieldmark screen failed', error, info.componentStack)
  }

  render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-4 px-6 py-20 text-center">
        <h1 className="text-xl font-bold text-stone-900">Something went wrong</h1>
        <p className="text-stone-700">This screen could not be shown. Reloading usually fixes it.</p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="h-10 rounded-lg bg-pine-700 px-4 text-sm font-semibold text-white hover:bg-pine-800"
        >
          Reload
        </button>
      </div>
    )
  }
}
