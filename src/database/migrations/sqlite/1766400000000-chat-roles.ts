import type { MigrationInterface, QueryRunner } from 'typeorm';

const NOW = "datetime NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%f', 'now'))";

/**
 * Chat roles (decisions §15): the users' synced bits beside their manual ones, the chat members
 * the sweep reads (every current chat link, signed in when its latest session began), and the one
 * set of role mappings.
 */
export class ChatRoles1766400000000 implements MigrationInterface {
  name = 'ChatRoles1766400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE "users" ADD COLUMN "syncedPermissions" integer NOT NULL DEFAULT 0`);
    await db.query(`ALTER TABLE "users" ADD COLUMN "chatMfa" boolean NULL`);
    await db.query(`CREATE TABLE "chat_members" (
      "userId" varchar(20) NOT NULL PRIMARY KEY,
      "chatUserId" varchar(128) NOT NULL,
      "signedInAt" datetime NOT NULL,
      "roleIds" text NULL,
      "syncedAt" datetime NULL,
      "pending" boolean NOT NULL DEFAULT 0,
      CONSTRAINT "chat_members_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users" ("id") ON DELETE CASCADE)`);
    await db.query(`CREATE INDEX "IDX_chat_members_signed_in" ON "chat_members" ("signedInAt")`);
    await db.query(`INSERT INTO "chat_members" ("userId", "chatUserId", "signedInAt")
      SELECT link."userId", link."externalId",
             max(link."createdAt", COALESCE((SELECT max(s."createdAt") FROM "sessions" s WHERE s."userId" = link."userId"), link."createdAt"))
        FROM "provider_links" link
       WHERE link."providerName" = 'chatapp' AND link."unlinkedAt" IS NULL`);
    await db.query(`CREATE TABLE "chat_role_settings" (
      "id" integer NOT NULL PRIMARY KEY,
      "mappings" text NOT NULL,
      "requireMembership" boolean NOT NULL DEFAULT 0,
      "requiredRoleIds" text NOT NULL,
      "sweptAt" datetime NULL,
      "updatedAt" ${NOW})`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "chat_role_settings"`);
    await db.query(`DROP TABLE "chat_members"`);
    for (const column of ['chatMfa', 'syncedPermissions']) await db.query(`ALTER TABLE "users" DROP COLUMN "${column}"`);
  }
}
