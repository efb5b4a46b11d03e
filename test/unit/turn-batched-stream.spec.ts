/**
 * The log lines of one turn go out as one write, and none is lost when the process exits in the
 * turn that wrote it.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import pino from 'pino';
import { TurnBatchedStream } from '../../src/logging/turn-batched-stream';
import { ensureBuilt } from '../cluster/processes';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnBatchedStream', () => {
  it('hands the lines of one turn to the destination as one write when the turn ends', async () => {
    const writes: string[] = [];
    const destination = { write: (text: string) => writes.push(text) > 0 } as unknown as ReturnType<typeof pino.destination>;
    const stream = new TurnBatchedStream(destination);
    stream.write('one\n');
    stream.write('two\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\n']);
    stream.write('three\n');
    await nextTurn();
    expect(writes).toEqual(['one\ntwo\n', 'three\n']);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('writes what it still holds, in order, when the process exits in the turn that logged it', () => {
    ensureBuilt();
    const stream = join(__dirname, '../../dist/src/logging/turn-batched-stream.js');
    const script = `
      const pino = require('pino');
      const { TurnBatchedStream } = require(${JSON.stringify(stream)});
      const log = pino({ base: null, timestamp: false }, new TurnBatchedStream(pino.destination({ dest: 1, sync: false })));
      log.info('first');
      setImmediate(() => { log.info('second'); log.info('third'); process.exit(0); });`;
    const output = execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '../..'), encoding: 'utf8' });
    expect(output.trim().split('\n').map((line) => JSON.parse(line).msg)).toEqual(['first', 'second', 'third']);
  });
});
