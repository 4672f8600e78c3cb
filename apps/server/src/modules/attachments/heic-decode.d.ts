// heic-decode ships no types; these are the two calls heic.worker.ts makes (its README's API).
declare module 'heic-decode' {
  type Pixels = { width: number; height: number; data: Uint8ClampedArray };
  type Image = { width: number; height: number; decode: () => Promise<Pixels> };
  function decode(options: { buffer: ArrayBufferLike | Uint8Array }): Promise<Pixels>;
  namespace decode {
    function all(options: { buffer: ArrayBufferLike | Uint8Array }): Promise<Image[]>;
  }
  export default decode;
}
