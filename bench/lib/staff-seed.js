'use strict';
// Seeds users with chat (and some game) links and one character each, named from pools of
// Spanish names with accents, for the staff search benchmark. Rows are built here with the
// application's own search-term functions, and inserted in multi-row statements.
const { join } = require('node:path');

const dist = (path) => require(join(__dirname, '..', '..', 'dist', 'src', path));
const { searchWords, chatNameTerms } = dist('common/search-text');

const FIRST = ['María', 'José', 'Ana', 'Lucía', 'Martín', 'Sofía', 'Andrés', 'Valentina', 'Mateo', 'Camila', 'Tomás', 'Isabel',
  'Joaquín', 'Martina', 'Ramón', 'Inés', 'Julián', 'Elena', 'Raúl', 'Nuria', 'Óscar', 'Paula', 'Iván', 'Carmen', 'Héctor',
  'Beatriz', 'Sebastián', 'Clara', 'Adrián', 'Lorena', 'Ángel', 'Rocío', 'Rubén', 'Marta', 'Germán', 'Alba', 'Simón', 'Irene',
  'Mario', 'Noemí'];
const LAST = ['García', 'Fernández', 'González', 'Rodríguez', 'López', 'Martínez', 'Sánchez', 'Pérez', 'Gómez', 'Martín',
  'Jiménez', 'Ruiz', 'Hernández', 'Díaz', 'Moreno', 'Muñoz', 'Álvarez', 'Romero', 'Alonso', 'Gutiérrez', 'Navarro', 'Torres',
  'Domínguez', 'Vázquez', 'Ramos', 'Gil', 'Ramírez', 'Serrano', 'Blanco', 'Molina', 'Morales', 'Suárez', 'Ortega', 'Delgado',
  'Castro', 'Ortiz', 'Rubio', 'Marín', 'Sanz', 'Núñez'];

const USER_BASE = 7_100_000_000_000_000_000n;
const LINK_BASE = 7_200_000_000_000_000_000n;
const GAME_LINK_BASE = 7_300_000_000_000_000_000n;
const CHARACTER_BASE = 7_400_000_000_000_000_000n;
const CHAT_ID_BASE = 500_000_000_000_000_000n;
const GAME_ID_BASE = 600_000_000n;
const BATCH = 500;

function personOf(n) {
  const first = FIRST[n % FIRST.length];
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
  const plain = (text) => text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
  return { first, last, username: `${plain(first)}_${plain(last)}${n}`, displayName: `${first} ${last}` };
}

const id = (base, n) => String(base + BigInt(n));
const chatId = (n) => String(CHAT_ID_BASE + BigInt(n));
const gameId = (n) => String(GAME_ID_BASE + BigInt(n));

/** Users `from`..`to`, each with a chat link, every other one a game link, and one character. */
async function seedStaffSearch({ dataSource, dialect }, from, to) {
  for (let start = from; start <= to; start += BATCH) {
    const ns = [];
    for (let n = start; n <= Math.min(to, start + BATCH - 1); n++) ns.push(n);
    await dataSource.transaction(async (manager) => {
      await insertRows(manager, dialect, 'users', ['id', 'permissions', 'maxCharacters'], ns.map((n) => [id(USER_BASE, n), 1, 3]));
      const links = ns.flatMap((n) => {
        const person = personOf(n);
        const chat = { id: chatId(n), username: person.username, global_name: person.displayName, avatar: null };
        const rows = [[id(LINK_BASE, n), id(USER_BASE, n), 'chatapp', chat.id, JSON.stringify(chat)]];
        if (n % 2 === 0) {
          const game = { sub: gameId(n), preferred_username: `${person.username}_plays` };
          rows.push([id(GAME_LINK_BASE, n), id(USER_BASE, n), 'gameplatform', game.sub, JSON.stringify(game)]);
        }
        return rows;
      });
      await insertRows(manager, dialect, 'provider_links', ['id', 'userId', 'providerName', 'externalId', 'externalMetadata'], links);
      const terms = links.filter((row) => row[2] === 'chatapp').flatMap(([, userId, , , metadata]) =>
        chatNameTerms(JSON.parse(metadata)).map((term) => [term, userId]));
      await insertRows(manager, dialect, 'user_name_terms', ['term', 'userId'], terms);
      const characters = ns.map((n) => {
        const person = personOf(n * 7 + 3);
        return [id(CHARACTER_BASE, n), id(USER_BASE, n), person.first, `${person.last} ${LAST[n % LAST.length]}`, 30, 170,
          'Femenino', 'O+', 'ARG', '1995-04-12', n % 3 === 0 ? 'approved' : 'draft'];
      });
      await insertRows(manager, dialect, 'characters',
        ['id', 'userId', 'firstNames', 'lastNames', 'age', 'height', 'gender', 'bloodType', 'nationality', 'dob', 'idStatus'], characters);
      const words = characters.flatMap(([characterId, , firstNames, lastNames]) =>
        searchWords(`${firstNames} ${lastNames}`).map((word) => [word, characterId]));
      await insertRows(manager, dialect, 'character_name_words', ['word', 'characterId'], words);
    });
  }
  for (const table of ['users', 'provider_links', 'user_name_terms', 'characters', 'character_name_words']) {
    await dataSource.query(dialect === 'postgres' ? `VACUUM ANALYZE "${table}"` : `ANALYZE "${table}"`);
  }
}

async function insertRows(manager, dialect, table, columns, rows) {
  if (rows.length === 0) return;
  const values = [];
  const tuples = rows.map((row) => `(${row.map((value) => {
    values.push(value);
    return dialect === 'postgres' ? `$${values.length}` : '?';
  }).join(', ')})`);
  await manager.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES ${tuples.join(', ')}`, values);
}

module.exports = { seedStaffSearch, personOf, chatId, gameId };
