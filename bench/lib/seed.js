'use strict';
const { join } = require('node:path');
const sharp = require('sharp');

const dist = (path) => require(join(__dirname, '..', '..', 'dist', 'src', path));
const { buildDataSourceOptions, DialectDataSource, dialectOf } = dist('database/data-source-options');
const { ENTITIES } = dist('entities');
const { IdGenerator } = dist('database/id-generator');
const { TransactionRunner } = dist('database/transaction-runner');
const { SessionsService } = dist('auth/sessions.service');
const { SessionsRepository } = dist('auth/sessions.repository');
const { ProcessRole } = dist('config/process-role');
const { UserEntity } = dist('users/user.entity');
const { CharacterEntity } = dist('characters/character.entity');
const { Permission } = dist('common/permissions/permission');
const { DiskImageStore } = dist('images/storage/disk-image-store');
const { StoredImages } = dist('images/stored-images.service');

/** Bulk ids: far from anything the application generates, and all 19 digits long. */
const CHARACTER_ID_BASE = 8_000_000_000_000_000_000n;
const USER_ID_BASE = 7_000_000_000_000_000_000n;
const OWNERS = 1000;
/** Submission times start here and advance one second per character. */
const FIRST_SUBMISSION_EPOCH_S = 1_750_000_000;

/** A second connection to the application's database, for seeding and direct measurements. */
async function openDatabase(databaseUrl) {
  const dataSource = await new DialectDataSource(buildDataSourceOptions(databaseUrl, ENTITIES)).initialize();
  return { dataSource, dialect: dialectOf(databaseUrl) };
}

/** A MODERATOR_CHIEF (and ADMINISTRATOR, for webhooks) with a live session, made by the application's own session code. */
async function staffCookie({ dataSource }) {
  const ids = new IdGenerator(1000);
  const id = ids.next();
  await dataSource.getRepository(UserEntity).insert({
    id,
    permissions: Permission.USER | Permission.MODERATOR_CHIEF | Permission.ADMINISTRATOR,
    maxCharacters: 3,
    activeCharacterId: null,
  });
  // The application's own session code, built by hand: its constructor is (repository, ids, transactions, process role).
  const sessions = new SessionsService(new SessionsRepository(dataSource), ids, new TransactionRunner(dataSource), new ProcessRole(false));
  const pair = await sessions.issue(id, { ip: '127.0.0.1', userAgent: 'bench' });
  return `access_token=${pair.accessToken}; refresh_token=${pair.refreshToken}`;
}

/** The owners of the seeded characters, in one statement. */
async function seedOwners({ dataSource, dialect }) {
  const sql =
    dialect === 'postgres'
      ? `INSERT INTO "users" ("id", "permissions", "maxCharacters")
         SELECT ${USER_ID_BASE}::bigint + n, 1, 3 FROM generate_series(1, ${OWNERS}) AS n`
      : `WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${OWNERS})
         INSERT INTO "users" ("id", "permissions", "maxCharacters")
         SELECT CAST(${USER_ID_BASE} + n AS TEXT), 1, 3 FROM seq`;
  await dataSource.query(sql);
}

/** Pending characters numbered `from`..`to`, in one server-side statement. */
async function seedPending({ dataSource, dialect }, from, to) {
  const columns =
    '"id", "userId", "firstNames", "lastNames", "age", "height", "gender", "bloodType", "nationality", "dob", "idStatus", "submittedAt"';
  const constants = `'Ana María', 'García López', 30, 170, 'Femenino', 'O+', 'ARG', '1995-04-12', 'pending_approval'`;
  const sql =
    dialect === 'postgres'
      ? `INSERT INTO "characters" (${columns})
         SELECT ${CHARACTER_ID_BASE}::bigint + n, ${USER_ID_BASE}::bigint + 1 + n % ${OWNERS}, ${constants},
                to_timestamp(${FIRST_SUBMISSION_EPOCH_S} + n)
         FROM generate_series(${from}, ${to}) AS n`
      : `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to})
         INSERT INTO "characters" (${columns})
         SELECT CAST(${CHARACTER_ID_BASE} + n AS TEXT), CAST(${USER_ID_BASE} + 1 + n % ${OWNERS} AS TEXT), ${constants},
                strftime('%Y-%m-%d %H:%M:%f', ${FIRST_SUBMISSION_EPOCH_S} + n, 'unixepoch')
         FROM seq`;
  await dataSource.query(sql);
  // Fresh planner statistics and visibility map, as autovacuum would leave them in service.
  await dataSource.query(dialect === 'postgres' ? 'VACUUM ANALYZE "characters"' : 'ANALYZE "characters"');
}

/** `count` pending characters of one user (the bench's signed-in user), in one statement. */
async function seedCharactersOf({ dataSource, dialect }, userId, count) {
  const columns =
    '"id", "userId", "firstNames", "lastNames", "age", "height", "gender", "bloodType", "nationality", "dob", "idStatus", "submittedAt"';
  const constants = `'Ana María', 'García López', 30, 170, 'Femenino', 'O+', 'ARG', '1995-04-12', 'pending_approval'`;
  const values = [];
  for (let n = 1; n <= count; n++) {
    const id = dialect === 'postgres' ? `${characterId(n)}::bigint` : `'${characterId(n)}'`;
    const owner = dialect === 'postgres' ? `${BigInt(userId)}::bigint` : `'${BigInt(userId)}'`;
    values.push(`(${id}, ${owner}, ${constants}, CURRENT_TIMESTAMP)`);
  }
  await dataSource.query(`INSERT INTO "characters" (${columns}) VALUES ${values.join(', ')}`);
}

/** Character `n` (of seedCharactersOf) approved, with a wallet holding `balance`: what an active player has. */
async function approveWithWallet({ dataSource, dialect }, n, balance) {
  const id = dialect === 'postgres' ? `${characterId(n)}::bigint` : `'${characterId(n)}'`;
  await dataSource.query(`UPDATE "characters" SET "idStatus" = 'approved' WHERE "id" = ${id}`);
  await dataSource.query(`INSERT INTO "wallets" ("characterId", "balance") VALUES (${id}, ${Number(balance)})`);
}

/** One stored PNG, through the application's own storing code; resolves with its URL path. */
async function storePng(storageDir) {
  const png = await sharp(Buffer.from(bustSvg())).png().toBuffer();
  const images = new StoredImages(new DiskImageStore(storageDir), { publicBaseUrl: 'http://127.0.0.1' });
  return `/v1/images/avatar-bust/${await images.store('avatar-bust', png, 'png')}`;
}

function characterId(n) {
  return String(CHARACTER_ID_BASE + BigInt(n));
}

/** Gives characters `from`..`to` a stored bust avatar and a signature, as submitted ones have. */
async function giveCardAssets({ dataSource }, storageDir, from, to) {
  const bust = await sharp(Buffer.from(bustSvg())).png().toBuffer();
  const signature = await sharp(Buffer.from(signatureSvg())).png().toBuffer();
  const images = new StoredImages(new DiskImageStore(storageDir), { publicBaseUrl: 'http://127.0.0.1' });
  const avatarHash = await images.store('avatar-bust', bust, 'png');
  const ids = [];
  for (let n = from; n <= to; n++) ids.push(characterId(n));
  await dataSource
    .createQueryBuilder()
    .update(CharacterEntity)
    .set({ avatarHash, signatureData: `data:image/png;base64,${signature.toString('base64')}` })
    .where('"id" IN (:...ids)', { ids })
    .execute();
  return ids;
}

function bustSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="420">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#f1c9a5"/><stop offset="1" stop-color="#c98e63"/></radialGradient></defs>
    <rect width="420" height="420" fill="#9db4c8"/>
    <circle cx="210" cy="165" r="92" fill="url(#g)"/>
    <path d="M60 420 C 70 280, 350 280, 360 420 Z" fill="#34506e"/></svg>`;
}

function signatureSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">
    <path d="M20 150 C 80 20, 140 180, 200 90 S 320 40, 360 140 S 480 60, 580 100" stroke="#1d2b3a" stroke-width="5" fill="none"/></svg>`;
}

module.exports = { openDatabase, staffCookie, seedOwners, seedPending, seedCharactersOf, approveWithWallet, storePng, giveCardAssets, characterId };
