import Camera from 'lucide-react/icons/camera'
import ImagePlus from 'lucide-react/icons/image-plus'
import ImageUp from 'lucide-react/icons/image-up'
import { type ChangeEvent, type DragEvent, useEffect, useState } from 'react'
import { buttonClass } from '#client/components/button.tsx'

type Props = { onPick: (file: File) => void; error: string | null }

export const NOT_AN_IMAGE = 'That file is not a photo. Choose a JPEG, PNG, WebP or HEIC image.'

function firstImage(files: FileList | null | undefined): File | null | 'none' {
  const file = files?.[0]
  if (!file) return 'none'
  return file.type.startsWith('image/') ? file : null
}

/** Step 1: a photo from the camera, the files, a drop or the clipboard. */
export function PhotoPicker({ onPick, error }: Props) {
  const [dragging, setDragging] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const shown = problem ?? error

  function take(files: FileList | null | undefined) {
    const file = firstImage(files)
    if (file === 'none') return
    if (!file) {
      setProblem(NOT_AN_IMAGE)
      return
    }
    setProblem(null)
    onPick(file)
  }

  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const files = event.clipboardData?.files
      if (files && files.length > 0) {
        event.preventDefault()
        take(files)
      }
    }
    document.addEventListener('paste', onPaste)
    return () => document.removeEventListener('paste', onPaste)
  })

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    take(event.currentTarget.files)
    event.currentTarget.value = ''
  }
  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault()
    setDragging(false)
    take(event.dataTransfer.files)
  }

  const pickerLabel = 'focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-500'
  return (
    <section
      aria-labelledby="measuring-photo-title"
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`m-3 flex flex-1 flex-col items-center justify-center gap-4 rounded-2xl border-2 border-dashed p-6 text-center sm:m-5 ${
        dragging ? 'border-pine-600 bg-pine-50' : 'border-stone-300 bg-stone-50'
      }`}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-white text-pine-700 shadow-sm">
        <ImagePlus className="size-7" aria-hidden="true" />
      </span>
      <div className="max-w-md">
        <h3 id="measuring-photo-title" className="text-lg font-bold text-stone-900">
          Add the photo to measure
        </h3>
        <p className="mt-1 text-sm text-stone-700">
          Lay the reference (a credit card, a quarter or something you know the length of) flat beside the subject, on
          the same surface. With a card the photo may be taken at an angle; with the others, shoot from straight above.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <label className={`${buttonClass('primary', 'lg')} ${pickerLabel}`}>
          <Camera className="size-5" aria-hidden="true" />
          Take Photo
          <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={onChange} />
        </label>
        <label className={`${buttonClass('outline', 'lg')} ${pickerLabel}`}>
          <ImageUp className="size-5" aria-hidden="true" />
          Choose a photo
          <input type="file" accept="image/*" className="sr-only" onChange={onChange} />
        </label>
      </div>
      <p className="text-sm text-stone-600">Or drop a photo here, or paste one.</p>
      {shown ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {shown}
        </p>
      ) : null}
    </section>
  )
}
