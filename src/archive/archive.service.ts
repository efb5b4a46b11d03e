import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionRunner } from '../database/transaction-runner';
import { ImageStore, type ImageType } from '../images/storage/image-store';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveRefused,
  type Digest,
  filePart,
  type Manifest,
  parseFilePart,
} from './archive-format';
import { unpackArchive } from './archive-reader';
import { upgradeTables } from './archive-upgrade';
import { writeArchiveFile } from './archive-writer';
import { firstNonEmptyTable, loadRows } from './row-loader';
import { snapshotOf } from './snapshot';
import { writeTableParts } from './table-parts';
import { applicationTables, sameShapes } from './table-shapes';
import { codecOf } from './value-codec';

/** What an export or import did: the manifest's figures, for the operator's output. */
export interface ArchiveSummary {
  file: string;
  bytes: number;
  migration: string;
  rows: Record<string, number>;
  files: number;
  sums: Record<string, string>;
}

/**
 * The whole community as one portable archive, and back. A composition-level service: it reads
 * and writes the raw rows of every table by design, like a database dump, never through another
 * module's rules (docs/operating.md, "Backups, restore and moving to PostgreSQL").
 */
@Injectable()
export class ArchiveService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transactions: TransactionRunner,
    private readonly store: ImageStore,
  ) {}

  /** Writes the archive to `target` (atomically) from one consistent view of the database. */
  async export(target: string): Promise<ArchiveSummary> {
    const work = await mkdtemp(join(tmpdir(), 'rp-export-'));
    try {
      const source = await snapshotOf(this.dataSource, work);
      let migration: string;
      let tables: Awaited<ReturnType<typeof writeTableParts>>;
      try {
        migration = await source.migration();
        tables = await writeTableParts(source, applicationTables(this.dataSource), codecOf(this.transactions.dialect), work);
      } finally {
        await source.close();
      }
      // Listed after the snapshot: every file a row of it names was stored before that row was written.
      const files: Digest[] = [];
      for await (const file of this.store.list()) files.push({ part: filePart(file.type, file.name), bytes: file.size, sha256: file.name.slice(0, 64) });
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: ARCHIVE_FORMAT_VERSION,
        createdAt: new Date().toISOString(),
        source: this.transactions.dialect,
        migration,
        ...tables,
        files,
      };
      const bytes = await writeArchiveFile(target, manifest, work, this.store);
      return summaryOf(target, bytes, manifest);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  /**
   * Loads an archive into this empty database and empty file store, or refuses it and leaves both
   * as they were: every part is checked against its digest before anything is written, the rows go
   * in one transaction and are counted and summed against the manifest, the files are stored last
   * before the commit and removed again if it does not happen.
   */
  async import(file: string): Promise<ArchiveSummary> {
    const tables = applicationTables(this.dataSource);
    await this.assertNoRows(tables.map((table) => table.name));
    const work = await mkdtemp(join(tmpdir(), 'rp-import-'));
    try {
      const unpacked = join(work, 'unpacked');
      let manifest = await unpackArchive(file, unpacked);
      let tablesFolder = unpacked;
      if (this.isOlder(manifest.migration)) {
        manifest = await upgradeTables(manifest, unpacked, work, tables);
        tablesFolder = join(work, 'upgraded');
      }
      const mismatch = sameShapes(manifest.tables, tables);
      if (mismatch) throw new ArchiveRefused(`the archive does not fit this schema: ${mismatch}`);
      const listed = new Set(manifest.files.map((digest) => digest.part));
      await this.assertFilesOnlyFrom(listed);
      await this.load(manifest, tablesFolder, unpacked, listed);
      return summaryOf(file, (await stat(file)).size, manifest);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async load(manifest: Manifest, tablesFolder: string, filesFolder: string, listed: Set<string>): Promise<void> {
    const present = new Set<string>();
    for await (const stored of this.store.list()) present.add(filePart(stored.type, stored.name));
    const written: { type: ImageType; name: string }[] = [];
    try {
      await this.transactions.run(async (manager) => {
        const busy = await firstNonEmptyTable(manager, manifest.tables.map((table) => table.name));
        if (busy) throw new ArchiveRefused(`the target database is not empty: table ${busy} has rows`);
        await loadRows(manager, this.transactions.dialect, manifest, tablesFolder);
        for (const part of listed) {
          if (present.has(part)) continue; // the same name is the same bytes
          const { type, name } = parseFilePart(part)!;
          await this.store.put(type, name, await readFile(join(filesFolder, part)));
          written.push({ type, name });
        }
      });
    } catch (error) {
      for (const { type, name } of written) await this.store.remove(type, name).catch(() => undefined);
      throw error;
    }
  }

  private async assertNoRows(tables: string[]): Promise<void> {
    const busy = await firstNonEmptyTable(this.dataSource.manager, tables);
    if (busy) throw new ArchiveRefused(`the target database is not empty: table ${busy} has rows`);
  }

  /**
   * The file store holds nothing but files of the archive: a stored name is its bytes' digest, so
   * such a file is already right, and an import cut short by a crash after storing files can be
   * run again.
   */
  private async assertFilesOnlyFrom(listed: Set<string>): Promise<void> {
    for await (const stored of this.store.list()) {
      const part = filePart(stored.type, stored.name);
      if (!listed.has(part)) throw new ArchiveRefused(`the target file store is not empty: it holds ${stored.type}/${stored.name}`);
    }
  }

  /** Whether the archive needs upgrading first; refuses one taken at a migration this code does not know. */
  private isOlder(migration: string): boolean {
    const names = this.dataSource.migrations.map((candidate) => candidate.name);
    const position = names.indexOf(migration);
    if (position < 0) {
      throw new ArchiveRefused(`the archive was taken at migration ${migration}, which this version of the service does not know: upgrade the service first`);
    }
    return position < names.length - 1;
  }
}

function summaryOf(file: string, bytes: number, manifest: Manifest): ArchiveSummary {
  return {
    file,
    bytes,
    migration: manifest.migration,
    rows: Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows])),
    files: manifest.files.length,
    sums: manifest.sums,
  };
}
