// The parts of heic-decode the photo pipeline uses (the package ships no types).
declare module 'heic-decode' {
  type Decoded = { width: number; height: number; data: Uint8ClampedArray }
  type Image = { width: number; height: number; decode: () => Promise<Decoded> }
  type Decode = {
    (input: { buffer: ArrayBufferLike | Uint8Array }): Promise<Decoded>
    /** Parses the file without decoding: each image's size, decoded on demand. Call dispose() when done. */
    all: (input: { buffer: ArrayBufferLike | Uint8Array }) => Promise<Image[] & { dispose: () => void }>
  }
  const decode: Decode
  export default decode
}
