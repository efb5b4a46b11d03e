import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';

/** A pass-through stream that hashes what flows through it; `digest()` once it has ended. */
export function digestingStream(): Transform & { digest(): string } {
  const hash: Hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => hash.digest('hex') });
}
