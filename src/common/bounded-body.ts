/** An upstream answer longer than the reader allowed. */
export class BodyTooLarge extends Error {}

/** Reads a response's body, refusing it once it passes `maxBytes`: a broken upstream cannot fill our memory. */
export async function readBoundedBody(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new BodyTooLarge(`sent more than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
}
