import { Suspense } from 'react'
import { Loading } from '#client/components/loading.tsx'
import { lazyWithPreload } from '#client/lib/lazy.ts'
import type { MeasuringToolProps } from './types.ts'

const LazyTool = lazyWithPreload<MeasuringToolProps>(() => import('./tool/measuring-tool-panel.tsx'))

export const preloadMeasuringTool = () => LazyTool.preload()

/** The tool inline, loaded on first render. */
export function MeasuringTool(props: MeasuringToolProps) {
  return (
    <Suspense fallback={<Loading fullScreen={false} label="Loading the measuring tool" />}>
      <LazyTool {...props} />
    </Suspense>
  )
}
