import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { type TablePart, type TableShape, tablePart } from './archive-format';
import type { RowSource } from './row-sources';
import { summedColumns } from './table-shapes';
import type { ValueCodec } from './value-codec';

/** Running totals of the balance and capital columns, keyed `<table>.<column>`. */
export class MoneySums {
  private readonly totals = new Map<string, bigint>();

  add(key: string, value: unknown): void {
    if (typeof value === 'number') this.totals.set(key, (this.totals.get(key) ?? 0n) + BigInt(value));
  }

  /** Every summed column of `tables` appears, an empty table's as "0". */
  toRecord(tables: TableShape[]): Record<string, string> {
    const record: Record<string, string> = {};
    for (const table of tables) {
      for (const column of summedColumns(table)) {
        const key = `${table.name}.${column.name}`;
        record[key] = String(this.totals.get(key) ?? 0n);
      }
    }
    return record;
  }
}

/**
 * Writes every table of `source` as `tables/<table>.jsonl` under `folder`, one batch at a time,
 * counting rows, summing money and hashing as it goes.
 */
export async function writeTableParts(
  source: RowSource,
  tables: TableShape[],
  codec: ValueCodec,
  folder: string,
): Promise<{ tables: TablePart[]; sums: Record<string, string> }> {
  const sums = new MoneySums();
  const parts: TablePart[] = [];
  for (const table of tables) parts.push(await writeTable(source, table, codec, folder, sums));
  return { tables: parts, sums: sums.toRecord(tables) };
}

async function writeTable(source: RowSource, table: TableShape, codec: ValueCodec, folder: string, sums: MoneySums): Promise<TablePart> {
  const part = tablePart(table.name);
  const path = join(folder, part);
  await mkdir(dirname(path), { recursive: true });
  const out = createWriteStream(path, { flags: 'wx' });
  const hash = createHash('sha256');
  const summed = new Set(summedColumns(table).map((column) => column.name));
  let rows = 0;
  let bytes = 0;
  try {
    for await (const batch of source.batches(table)) {
      let text = '';
      for (const raw of batch) {
        const row: Record<string, unknown> = {};
        table.columns.forEach((column, index) => {
          row[column.name] = codec.toArchive(column.kind, raw[index]);
          if (summed.has(column.name)) sums.add(`${table.name}.${column.name}`, row[column.name]);
        });
        text += `${JSON.stringify(row)}\n`;
      }
      rows += batch.length;
      const chunk = Buffer.from(text);
      bytes += chunk.length;
      hash.update(chunk);
      if (!out.write(chunk)) await once(out, 'drain');
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { ...table, part, rows, bytes, sha256: hash.digest('hex') };
}
