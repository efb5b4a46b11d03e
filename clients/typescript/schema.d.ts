// Generated from /v1/openapi.json by `npm run client:generate`; do not edit by hand.

export interface paths {
    "/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recorded changes, newest first. ADMINISTRATOR reads every event, MODERATOR_CHIEF the `character.*` events. */
        get: operations["AuditController_page"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List banks, oldest first (any signed-in user) */
        get: operations["BanksController_list"];
        put?: never;
        /** Create a bank owned by a character (`SERVICE_ADMINISTRATOR`) */
        post: operations["BanksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banks/{bankId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a bank (any signed-in user) */
        get: operations["BanksController_get"];
        /** Add to (positive) or take from (negative) the capital (`ADMINISTRATOR`) */
        put: operations["BanksController_adjust"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change name, owner, icon or (`ADMINISTRATOR` only) absolute capital; the bank owner or `ADMINISTRATOR` */
        patch: operations["BanksController_update"];
        trace?: never;
    };
    "/v1/banks/{bankId}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every account of the bank (the bank owner or `STAFF`) */
        get: operations["BankAccountsController_list"];
        put?: never;
        /** Open an account for one of the caller's characters (any character for `ADMINISTRATOR` or `SERVICE_ADMINISTRATOR`) */
        post: operations["BankAccountsController_open"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banks/{bankId}/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One bank account with its balance. The holder (owner of the character), `STAFF`, `ADMINISTRATOR`, or any service key. */
        get: operations["StatementsController_account"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banks/{bankId}/accounts/{accountId}/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A bank account's statement, newest first. The holder (owner of the character), `STAFF`, `ADMINISTRATOR`, or any service key; not the bank's owner. */
        get: operations["StatementsController_accountStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/banks/{bankId}/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Capital changes, newest first (the bank owner, `STAFF` or `ADMINISTRATOR`) */
        get: operations["BanksController_ledger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gameplatform/admission/{externalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** May the player of this game account join? `reason`: not_linked (no user, now or — for a ban — ever), banned, not_a_member, missing_role (the chat community’s membership rules, on the provider’s last answer), suspended or no_approved_character, in that order of precedence after not_linked. */
        get: operations["AdmissionController_of"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gameplatform/players/{externalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user and active character of a game-platform account (any service key, or `STAFF`) */
        get: operations["PlayersController_find"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_check"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/images/{type}/{hash}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["ImagesController_serve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List invoices and fines, newest first
         * @description The billed owner sees theirs (and those issued from their wallets); with `organisationId`, the issuer side (`issue_invoices`, `issue_fines` or `view_treasury`); staff see all. `characterId` is the billed character.
         */
        get: operations["InvoicesController_list"];
        put?: never;
        /**
         * Issue an invoice or a fine to a character
         * @description From a wallet (its owner; invoices only) or an organisation (right `issue_invoices`, or `issue_fines` for a fine). The amount is fixed now. A character never bills itself. The same `Idempotency-Key` and body within 24 hours answers the first 201 again; another body is 409 `Idempotency-Key reused`.
         */
        post: operations["InvoicesController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{invoiceId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending invoice or fine (the issuer side: the wallet's owner, or the organisation's right for its kind) */
        post: operations["InvoicesController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{invoiceId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Decline a pending invoice (the billed character's owner); a fine cannot be declined */
        post: operations["InvoicesController_decline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/invoices/{invoiceId}/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay exactly the invoice's amount to its issuer (the billed character's owner, `ADMINISTRATOR`, or a key holding `SERVICE_ADMINISTRATOR`)
         * @description `from` is the billed character's wallet or one of its accounts. One transaction moves the money and marks the invoice `paid`. The same `Idempotency-Key` and body within 24 hours answers the first 201 again; another body is 409 `Idempotency-Key reused`.
         */
        post: operations["InvoicesController_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/nationalities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["NationalitiesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/notes/{noteId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes a note: its author or an ADMINISTRATOR. */
        delete: operations["NotesController_delete"];
        options?: never;
        head?: never;
        /** Changes a note’s body or pin: its author or an ADMINISTRATOR. */
        patch: operations["NotesController_update"];
        trace?: never;
    };
    "/v1/oauth/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Provider callback (the browser arrives here); sets the session cookies. */
        get: operations["OAuthController_callback"];
        put?: never;
        /**
         * Start a sign-in (chatapp) or a link (gameplatform, needs a session with a chatapp link).
         * @description Call it from the browser with credentials: the answer sets the HttpOnly cookie `oauth_binding` (path /v1/oauth, the sign-in lifetime), and only a callback arriving with it completes. A gameplatform link completes only in a browser signed in as the user who started it.
         */
        post: operations["OAuthController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/oauth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: revokes the current session (every session with all=true) and clears the cookies. */
        post: operations["OAuthController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List organisations, oldest first (any signed-in caller); `treasury` only where the caller may see it */
        get: operations["OrganisationsController_list"];
        put?: never;
        /** Create an organisation with its grades and, optionally, its first boss (`ADMINISTRATOR`, or a key holding `SERVICE_ADMINISTRATOR`) */
        post: operations["OrganisationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisations/{organisationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an organisation (any signed-in caller); `treasury` for members holding `view_treasury` and staff, else null */
        get: operations["OrganisationsController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change the name, the grades or the icon (a boss or `ADMINISTRATOR`)
         * @description Members keep their grade number; the bosses always hold the top grade, so adding a grade on top moves them up. A list under which a non-boss member's grade would not exist or would become the top answers 409 `Grade In Use`.
         */
        patch: operations["OrganisationsController_update"];
        trace?: never;
    };
    "/v1/organisations/{organisationId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The members, highest grade first (members and staff) */
        get: operations["MembersController_list"];
        put?: never;
        /**
         * Hire an approved, not ended character at a grade strictly below the actor's (right `hire`)
         * @description A user acts through their active character and its grade; `ADMINISTRATOR` and keys holding `SERVICE_ADMINISTRATOR` may do everything.
         */
        post: operations["MembersController_hire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisations/{organisationId}/members/{characterId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Fire a member strictly below the actor (right `fire`), or leave (the character's owner)
         * @description A user acts through their active character and its grade; `ADMINISTRATOR` and keys holding `SERVICE_ADMINISTRATOR` may do everything.
         */
        delete: operations["MembersController_remove"];
        options?: never;
        head?: never;
        /**
         * Change the grade of a member strictly below the actor, to a grade strictly below the actor's (right `promote`)
         * @description A user acts through their active character and its grade; `ADMINISTRATOR` and keys holding `SERVICE_ADMINISTRATOR` may do everything.
         */
        patch: operations["MembersController_promote"];
        trace?: never;
    };
    "/v1/organisations/{organisationId}/payroll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Pay every member their grade's salary from the treasury (a boss, `ADMINISTRATOR`, or a key holding `SERVICE_ADMINISTRATOR`)
         * @description One transaction: every member paid into their character's wallet, or nothing. Members whose salary is 0 are skipped. The same `Idempotency-Key` within 24 hours answers the first 201 again and pays nothing.
         */
        post: operations["TreasuryController_pay"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/organisations/{organisationId}/treasury/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The treasury's statement, newest first (members holding `view_treasury`, bosses, staff, or a service key)
         * @description Money comes in and goes out through `POST /v1/transfers` with `{type: "organisation", organisationId}`; taking it out needs `withdraw`.
         */
        get: operations["TreasuryController_statement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/role-mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The chat role mappings and membership rules (`ADMINISTRATOR`) */
        get: operations["ChatRolesController_show"];
        /** Replace the whole set of role mappings and membership rules (`ADMINISTRATOR`). Every mapping added, changed or removed may hold only bits the caller has; users’ synced bits follow at their next sync. */
        put: operations["ChatRolesController_replace"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sanctions/{sanctionId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revokes a sanction; the record stays, with who revoked it and why. Follows the issuing rule. */
        post: operations["SanctionsController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every key, without the key itself (`ADMINISTRATOR`) */
        get: operations["ServiceKeysController_list"];
        put?: never;
        /** Make a key for a game server (`ADMINISTRATOR`); the key is shown only in this answer */
        post: operations["ServiceKeysController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/service-keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key (`ADMINISTRATOR`): every instance refuses it from the next request */
        delete: operations["ServiceKeysController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/characters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finds characters by the prefix of any word of their names (the first word of q; case and accents ignored), by status and owner. */
        get: operations["StaffController_characters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/characters/{characterId}/decease": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An approved or retired character dies: read-only, inactive, money frozen, ID card voided, slot freed. */
        post: operations["CharacterEndingsController_decease"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/characters/{characterId}/retire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An approved character retires: read-only, inactive, money frozen, ID card voided, slot freed. */
        post: operations["CharacterEndingsController_retire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/characters/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approves the pending characters of the batch: wallet, active character, ID card. */
        post: operations["ReviewController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/characters/pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Characters awaiting review, oldest submission first. */
        get: operations["ReviewController_pending"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/characters/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends the pending characters of the batch back to draft, with an optional reason. */
        post: operations["ReviewController_reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tags staff may put on users (`STAFF_TAGS`), so a dashboard can offer them. */
        get: operations["NotesController_allowedTags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Finds users by chat username or display name prefix (case and accents ignored), or exactly by user id, chat id or game-platform id; exact matches come first, then names in alphabetical order. */
        get: operations["StaffController_users"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/staff/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s dossier: links (current and past), characters, sanctions, notes, tags, latest audit events. */
        get: operations["StaffController_dossier"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/transfers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move money between wallets and accounts
         * @description The owner of the `from` character moves its money. `external` on either side (money entering or leaving the economy) only for `ADMINISTRATOR` or a service key holding `SERVICE_ADMINISTRATOR`, who may also move anyone's money. The same `Idempotency-Key` and body within 24 hours answers the first 201 again and moves nothing; concurrent requests with one key wait for the first.
         */
        post: operations["TransfersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user; another user only with SERVICE_ADMINISTRATOR or DEVELOPER. */
        get: operations["ProfilesController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a user's permissions or maxCharacters (ADMINISTRATOR or DEVELOPER). Only bits the caller holds may change. */
        patch: operations["ProfilesController_update"];
        trace?: never;
    };
    "/v1/users/{userId}/active-character": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** The owner picks one of their approved characters as active. */
        put: operations["ProfilesController_setActiveCharacter"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/characters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CharactersController_list"];
        put?: never;
        post: operations["CharactersController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/characters/{characterId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["CharactersController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["CharactersController_edit"];
        trace?: never;
    };
    "/v1/users/{userId}/characters/{characterId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CharactersController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/characters/{characterId}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["CharactersController_submit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/characters/{characterId}/wallet/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A character's wallet statement, newest first. The holder (owner of the character), `STAFF`, `ADMINISTRATOR`, or any service key. */
        get: operations["StatementsController_wallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/gameplatform/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's full-body game-platform avatar, 720×720 PNG */
        get: operations["GamePlatformController_avatar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/gameplatform/avatar-3d": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's game-platform 3D avatar description */
        get: operations["GamePlatformController_avatar3d"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/gameplatform/avatar-bust": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's upper-body game-platform avatar, 420×420 PNG */
        get: operations["GamePlatformController_avatarBust"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The notes about a user: pinned first, then newest first. */
        get: operations["NotesController_list"];
        put?: never;
        /** A staff note about a user. */
        post: operations["NotesController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/providers/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** The owner unlinks their game-platform account, which anyone may then link */
        delete: operations["ProviderLinksController_unlink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/sanctions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s sanctions, newest first, revoked and expired ones included: staff, or the user for their own. */
        get: operations["SanctionsController_list"];
        put?: never;
        /** Ban, suspend or warn a user. A ban signs the user out everywhere at once and refuses their sign-ins; a suspension refuses every state change. */
        post: operations["SanctionsController_issue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sync a user’s chat roles now (`STAFF`); a provider failure changes nothing and answers `outcome: unavailable` */
        post: operations["ChatRolesController_syncUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replaces a user’s staff tags; each one of `STAFF_TAGS`. Answers them lowercased, without duplicates. */
        put: operations["NotesController_setTags"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["WebhooksController_list"];
        put?: never;
        /** Subscribes a URL to audit events; a `standard` webhook answers its signing `secret` once. */
        post: operations["WebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes the webhook and its deliveries. */
        delete: operations["WebhooksController_delete"];
        options?: never;
        head?: never;
        /** Changes the URL (vetted as at creation), the events or `active`; records `webhook.updated`; an inactive webhook’s deliveries wait. */
        patch: operations["WebhooksController_update"];
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Deliveries of the webhook, newest first. */
        get: operations["WebhooksController_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts a `failed` delivery again with a new retry window. */
        post: operations["WebhooksController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Gives a `standard` webhook a new signing secret, answered once; the old one stops signing at once. */
        post: operations["WebhooksController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sends a `webhook.test` event to this webhook; it shows in the deliveries. */
        post: operations["WebhooksController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AccountJson: {
            accountId: string;
            balance: number;
            bankId: string;
            characterId: string;
            createdAt: string;
            updatedAt: string;
        };
        AccountListJson: {
            accounts: components["schemas"]["AccountJson"][];
        };
        ActiveSanctionJson: {
            expiresAt: string | null;
            sanctionId: string;
            /** @enum {string} */
            type: "ban" | "suspension";
        };
        AdjustCapitalDto: {
            /** @description Non-zero integer: positive adds to capital, negative subtracts */
            amount: number;
        };
        AdmissionBanJson: {
            /** @description Null for a permanent ban. */
            expiresAt: string | null;
        };
        AdmissionJson: {
            /** @description The approved active character. */
            activeCharacter: components["schemas"]["CharacterJson"] | null;
            allowed: boolean;
            ban: components["schemas"]["AdmissionBanJson"] | null;
            /** @description The active character's organisations; empty without one */
            memberships: components["schemas"]["MembershipJson"][];
            /**
             * @description Null when allowed.
             * @enum {string|null}
             */
            reason: "not_linked" | "banned" | "not_a_member" | "missing_role" | "suspended" | "no_approved_character" | null;
            userId: string | null;
        };
        AuditActorJson: {
            /** @description user id or service key id; null for the CLI */
            id: string | null;
            /** @enum {string} */
            type: "user" | "service_key" | "cli" | "system";
        };
        AuditEventJson: {
            /** @example character.approved */
            action: string;
            actor: components["schemas"]["AuditActorJson"];
            /** Format: date-time */
            createdAt: string;
            /** @description what changed, as the API shows it; a service key's events add `onBehalfOf`, its maker's user id */
            data: {
                [key: string]: unknown;
            };
            /** @description Snowflake id; newer events have greater ids */
            eventId: string;
            subject: components["schemas"]["AuditSubjectJson"];
        };
        AuditPageJson: {
            /** @description newest first */
            events: components["schemas"]["AuditEventJson"][];
            /** @description pass as `before` for the next page; null on the last */
            nextBefore: string | null;
        };
        AuditSubjectJson: {
            id: string;
            /** @enum {string} */
            type: "character" | "user" | "bank" | "account" | "transfer" | "service_key" | "webhook" | "sanction" | "organisation" | "invoice";
        };
        Avatar3dAabbJson: {
            max: components["schemas"]["Vector3Body"];
            min: components["schemas"]["Vector3Body"];
        };
        Avatar3dCameraJson: {
            direction: components["schemas"]["Vector3Body"];
            /** @description field of view in degrees */
            fov: number;
            position: components["schemas"]["Vector3Body"];
        };
        Avatar3dDto: {
            aabb: components["schemas"]["Avatar3dAabbJson"];
            camera: components["schemas"]["Avatar3dCameraJson"];
            /** @description reference to the MTL file */
            mtl: string;
            /** @description reference to the OBJ file */
            obj: string;
            /** @description one reference per texture */
            textures: string[];
        };
        AvatarImageDto: {
            /** @example https://api.example.com/v1/images/avatar/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08.png */
            imageUrl: string;
        };
        BankJson: {
            bankId: string;
            capital: number;
            createdAt: string;
            /** @description served by `GET /v1/images/icons/<iconHash>` */
            iconHash: string | null;
            name: string;
            /** @description `characterId` of the owning character */
            ownerId: string;
            updatedAt: string;
        };
        BankPageJson: {
            banks: components["schemas"]["BankJson"][];
            meta: components["schemas"]["PaginationMetaJson"];
        };
        BilledDto: {
            /**
             * @description The billed character
             * @example 384900000000000002
             */
            characterId: string;
        };
        CharacterJson: {
            age: number;
            avatar3dAABB: components["schemas"]["Avatar3dAabbJson"] | null;
            avatar3dCamera: components["schemas"]["Avatar3dCameraJson"] | null;
            /** @description image type avatars3d */
            avatar3dHash: string | null;
            /** @description image type avatar-bust */
            avatarHash: string | null;
            /** @enum {string} */
            bloodType: "O+" | "O-" | "A+" | "A-" | "B+" | "B-" | "AB+" | "AB-";
            /** @example 1234567890123456789 */
            characterId: string;
            createdAt: string;
            /**
             * @description DD/MM/YYYY
             * @example 12/04/1995
             */
            dob: string;
            firstNames: string;
            /** @description image type avatar */
            fullBodyHash: string | null;
            /** @enum {string} */
            gender: "Masculino" | "Femenino";
            /** @description centimetres */
            height: number;
            /** @description image type ids */
            idCardHash: string | null;
            /** @enum {string} */
            idStatus: "draft" | "pending_approval" | "approved" | "retired" | "deceased";
            lastNames: string;
            nationality: components["schemas"]["NationalityJson"];
            /** @description why staff rejected it; cleared on submission */
            reviewNote: string | null;
            /** @description only with signature=true: data:image/png;base64,… */
            signatureData?: string | null;
            updatedAt: string;
            /** @example 1234567890123456789 */
            userId: string;
            wallet: components["schemas"]["WalletJson"] | null;
        };
        CharacterListJson: {
            characters: components["schemas"]["CharacterJson"][];
        };
        CharacterMembershipJson: {
            characterId: string;
            grade: number;
            name: string;
            organisationId: string;
            /** @enum {string} */
            type: "job" | "faction" | "business";
        };
        CharacterUploadDto: {
            /**
             * Format: binary
             * @description PNG, bust (≤ 8 MiB, 4096 px)
             */
            avatar?: string;
            /** @description Avatar3D JSON string */
            avatar3D?: string;
            /**
             * Format: binary
             * @description glTF 2.0 binary (≤ 32 MiB)
             */
            avatar3dGlb?: string;
            /** @description JSON object with any of the JSON body fields */
            data?: string;
            /**
             * Format: binary
             * @description PNG, full body (≤ 8 MiB, 4096 px)
             */
            fullBody?: string;
            /**
             * Format: binary
             * @description PNG (≤ 1 MiB)
             */
            signature?: string;
        };
        CreateAccountDto: {
            /** @description The character that holds the account */
            characterId: string;
        };
        CreateBankDto: {
            /** @default 0 */
            capital: number;
            name: string;
            /** @description `characterId` of the owning character */
            ownerId: string;
        };
        CreateCharacterDto: {
            /**
             * @description years
             * @example 30
             */
            age: number;
            /** @enum {string} */
            bloodType: "O+" | "O-" | "A+" | "A-" | "B+" | "B-" | "AB+" | "AB-";
            /**
             * @description ISO 8601 date, 1900 to today
             * @example 1995-04-12
             */
            dob: string;
            /**
             * @description trimmed
             * @example Ana María
             */
            firstNames: string;
            /** @enum {string} */
            gender: "Masculino" | "Femenino";
            /**
             * @description centimetres
             * @example 170
             */
            height: number;
            /**
             * @description trimmed
             * @example García López
             */
            lastNames: string;
            /**
             * @description a `nombre` or `abrev` of GET /v1/nationalities
             * @example Argentino
             */
            nationality: string;
        };
        CreatedServiceKeyJson: {
            createdAt: string;
            /** @description The user the key acts for: it holds only the bits given to it that this user still holds, and is refused while this user is banned or gone. Null for a key made before makers were kept, which keeps its own bits. */
            createdBy: string | null;
            /** @description `rpk_…`: shown only in this answer; send it as `Authorization: Bearer rpk_…` */
            key: string;
            /** @example 1234567890123456789 */
            keyId: string;
            /** @description Kept to the minute */
            lastUsedAt: string | null;
            name: string;
            /**
             * @description Decimal string of the bitfield
             * @example 16
             */
            permissions: string;
        };
        CreatedWebhookJson: {
            active: boolean;
            createdAt: string;
            description: string | null;
            events: string[];
            /** @enum {string} */
            format: "standard" | "discord";
            /** @description `whsec_…` signing key of a `standard` webhook, shown only here */
            secret?: string;
            updatedAt: string;
            /** @description Masked after its first path segment (`https://hooks.example.com/api/****`): the URL itself is a secret */
            url: string;
            webhookId: string;
        };
        CreateNoteDto: {
            body: string;
            /** @default false */
            pinned: boolean;
        };
        CreateOrganisationDto: {
            /**
             * @description An approved, not ended character: the first member, at the boss grade
             * @example 384900000000000001
             */
            bossCharacterId?: string;
            /**
             * @description From the lowest to the highest (the boss grade); `grade` is the index
             * @example [
             *       {
             *         "name": "Agente",
             *         "salary": 500,
             *         "rights": [
             *           "issue_fines",
             *           "view_treasury"
             *         ]
             *       },
             *       {
             *         "name": "Jefe",
             *         "salary": 1200,
             *         "rights": []
             *       }
             *     ]
             */
            grades: components["schemas"]["GradeDto"][];
            /**
             * @description Unique ignoring case
             * @example Policía de Los Santos
             */
            name: string;
            /** @enum {string} */
            type: "job" | "faction" | "business";
        };
        CreateServiceKeyDto: {
            /**
             * @description What the key is for, shown in the list (1–64 characters).
             * @example servidor-principal
             */
            name: string;
            /**
             * @description A permission bitfield as a decimal string (USER=1, STAFF=2, MODERATOR_CHIEF=4, ADMINISTRATOR=8, SERVICE_ADMINISTRATOR=16, DEVELOPER=32). Only bits the caller holds.
             * @example 16
             */
            permissions: string;
        };
        CreateWebhookDto: {
            description?: string;
            /**
             * @description actions, `prefix.*`, or `*`
             * @example [
             *       "character.approved",
             *       "bank.*"
             *     ]
             */
            events: string[];
            /** @enum {string} */
            format: "standard" | "discord";
            /** @example https://example.org/hooks/platform */
            url: string;
        };
        DeliveryIdJson: {
            deliveryId: string;
        };
        DeliveryJson: {
            action: string;
            attempts: number;
            createdAt: string;
            deliveredAt: string | null;
            /** @description also the `webhook-id` header, the same on every attempt */
            deliveryId: string;
            eventId: string;
            lastError: string | null;
            lastStatusCode: number | null;
            /** @description null once delivered or failed */
            nextAttemptAt: string | null;
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
        };
        DeliveryPageJson: {
            /** @description newest first */
            deliveries: components["schemas"]["DeliveryJson"][];
            nextBefore: string | null;
        };
        DossierJson: {
            activeSanction: components["schemas"]["ActiveSanctionJson"] | null;
            /** @description The 20 latest audit events about the user, their characters or sanctions, newest first. */
            auditEvents: components["schemas"]["AuditEventJson"][];
            characters: components["schemas"]["CharacterJson"][];
            /** @description Every character's organisations */
            memberships: components["schemas"]["CharacterMembershipJson"][];
            notes: components["schemas"]["NoteJson"][];
            /** @description Fines billed to the user's characters and still pending, newest first */
            pendingFines: components["schemas"]["InvoiceJson"][];
            providers: components["schemas"]["DossierLinkJson"][];
            sanctions: components["schemas"]["SanctionJson"][];
            tags: string[];
            user: components["schemas"]["DossierUserJson"];
        };
        DossierLinkJson: {
            externalId: string;
            /** @description The profile the provider answered, as received. */
            externalMetadata: {
                [key: string]: unknown;
            };
            linkedAt: string;
            providerId: string;
            /** @enum {string} */
            providerName: "chatapp" | "gameplatform";
            /** @description Null while the link is current. */
            unlinkedAt: string | null;
            username: string | null;
        };
        DossierUserJson: {
            activeCharacterId: string | null;
            /** @description `mfa_enabled` of the chat profile at the latest sign-in; null when it never said. */
            chatMfa: boolean | null;
            createdAt: string;
            /** @description Set by PATCH /v1/users/:id and the command line. */
            manualPermissions: string;
            maxCharacters: number;
            /** @description Effective permissions: manual OR synced, less the staff bits a missing chat second factor voids. */
            permissions: string;
            /** @description Latest answer of the chat provider; a failed call leaves it. */
            syncedAt: string | null;
            /** @description Granted by the mapped chat roles held at the latest answer of the chat provider. */
            syncedPermissions: string;
            updatedAt: string;
            userId: string;
        };
        ErrorJson: {
            /** @example MISSING_FULL_PERMISSIONS */
            code?: string;
            details?: components["schemas"]["FieldIssueJson"][];
            /** @example Invalid form of body */
            error: string;
        };
        FieldIssueJson: {
            field: string;
            message: string;
        };
        GradeDto: {
            /** @example Agente */
            name: string;
            /** @description The top grade holds every right whatever is sent */
            rights: ("hire" | "fire" | "promote" | "withdraw" | "view_treasury" | "issue_invoices" | "issue_fines")[];
            /**
             * @description Paid by each payroll
             * @example 500
             */
            salary: number;
        };
        GradeJson: {
            /** @description Index from the lowest, 0 */
            grade: number;
            name: string;
            rights: ("hire" | "fire" | "promote" | "withdraw" | "view_treasury" | "issue_invoices" | "issue_fines")[];
            salary: number;
        };
        HireDto: {
            /**
             * @description An approved, not ended character
             * @example 384900000000000002
             */
            characterId: string;
            /**
             * @description Strictly below the actor's own grade
             * @example 0
             */
            grade: number;
        };
        HolderRefDto: {
            /** @description With `account`: the bank account */
            accountId?: string;
            /** @description With `wallet`: the character whose wallet it is */
            characterId?: string;
            /** @description With `organisation`: the organisation whose treasury it is */
            organisationId?: string;
            /** @enum {string} */
            type: "wallet" | "account" | "organisation" | "external";
        };
        InvoiceJson: {
            amount: number;
            createdAt: string;
            dueAt: string | null;
            /** @description The issuer's holder, where the payment goes */
            from: components["schemas"]["HolderRefDto"];
            invoiceId: string;
            /** @description Who issued it: a user or a service key */
            issuedBy: components["schemas"]["AuditActorJson"];
            /** @enum {string} */
            kind: "invoice" | "fine";
            /** @description Pending and past `dueAt` */
            overdue: boolean;
            paidAt: string | null;
            reason: string;
            /** @enum {string} */
            status: "pending" | "paid" | "cancelled" | "declined";
            to: components["schemas"]["BilledDto"];
            /** @description The payment */
            transferId: string | null;
        };
        InvoicePageJson: {
            /** @description Newest first */
            invoices: components["schemas"]["InvoiceJson"][];
            /** @description Pass as `cursor` for the next page; null on the last */
            nextCursor: string | null;
        };
        IssueInvoiceDto: {
            /**
             * @description Fixed now: paying never takes an amount
             * @example 250
             */
            amount: number;
            /**
             * Format: date-time
             * @description In the future; after it a pending invoice is `overdue`. Null or absent: no due date
             * @example null
             */
            dueAt?: string | null;
            /**
             * @description The issuer: `{type: "wallet", characterId}` (its owner; invoices only) or `{type: "organisation", organisationId}`
             * @example {
             *       "type": "organisation",
             *       "organisationId": "384900000000000010"
             *     }
             */
            from: components["schemas"]["HolderRefDto"];
            /** @enum {string} */
            kind: "invoice" | "fine";
            /** @example Exceso de velocidad */
            reason: string;
            to: components["schemas"]["BilledDto"];
        };
        IssueSanctionDto: {
            /**
             * @description ISO 8601 instant in the future, or null for permanent. Required.
             * @example 2030-01-01T00:00:00Z
             */
            expiresAt: string | null;
            reason: string;
            /** @enum {string} */
            type: "ban" | "suspension" | "warning";
        };
        LedgerEntryJson: {
            /** @description the user who made the change */
            actorUserId: string | null;
            bankId: string;
            capitalAfter: number;
            /** @description signed change of capital */
            change: number;
            createdAt: string;
            entryId: string;
            /** @enum {string} */
            reason: "created" | "adjusted" | "set";
        };
        LedgerPageJson: {
            entries: components["schemas"]["LedgerEntryJson"][];
            meta: components["schemas"]["PaginationMetaJson"];
        };
        MemberJson: {
            characterId: string;
            grade: number;
            joinedAt: string;
            organisationId: string;
            /** @description The character's owner */
            userId: string;
        };
        MemberListJson: {
            /** @description Highest grade first, then by joining */
            members: components["schemas"]["MemberJson"][];
        };
        MembershipJson: {
            grade: number;
            name: string;
            organisationId: string;
            /** @enum {string} */
            type: "job" | "faction" | "business";
        };
        NationalityJson: {
            /** @example ARG */
            abrev: string;
            /** @example Argentina */
            lugar: string;
            /** @example Argentino */
            nombre: string;
        };
        NationalityListJson: {
            nationalities: components["schemas"]["NationalityJson"][];
        };
        NoteJson: {
            authorId: string;
            body: string;
            createdAt: string;
            noteId: string;
            pinned: boolean;
            updatedAt: string;
            userId: string;
        };
        NoteListJson: {
            /** @description Pinned first, then newest first. */
            notes: components["schemas"]["NoteJson"][];
        };
        OAuthStartDto: {
            /**
             * @description Where the browser returns after sign-in; must be on REDIRECT_ALLOWLIST. At most 2048 characters. On a development machine (`npm start`) this server's own pages are allowed: send its docs page (`http://localhost:3000/v1/docs`), open the `targetUrl` answered in this browser and sign in there; back on the docs page, Try it out sends the session cookie.
             * @example https://community.example/after-sign-in
             */
            redirectUrl: string;
        };
        OAuthStartResponseDto: {
            /** @description Opaque; compare it with the `state` of the final redirect. */
            state: string;
            /** @description The provider's authorization URL to send the browser to. */
            targetUrl: string;
        };
        OrganisationJson: {
            createdAt: string;
            /** @description From the lowest; the last is the boss grade */
            grades: components["schemas"]["GradeJson"][];
            /** @description served by `GET /v1/images/icons/<iconHash>` */
            iconHash: string | null;
            memberCount: number;
            name: string;
            organisationId: string;
            /** @description Shown to members holding `view_treasury` and to staff */
            treasury: components["schemas"]["TreasuryJson"] | null;
            /** @enum {string} */
            type: "job" | "faction" | "business";
            updatedAt: string;
        };
        OrganisationPageJson: {
            /** @description Pass as `cursor` for the next page; null on the last */
            nextCursor: string | null;
            /** @description Oldest first */
            organisations: components["schemas"]["OrganisationJson"][];
        };
        OwnerJson: {
            userId: string;
            /** @description The chat username. */
            username: string | null;
        };
        PaginationMetaJson: {
            limit: number;
            page: number;
            total: number;
            totalPages: number;
        };
        PaidMemberJson: {
            amount: number;
            characterId: string;
            transferId: string;
        };
        PayInvoiceDto: {
            /**
             * @description The billed character's wallet (`{type: "wallet", characterId}`) or one of its accounts (`{type: "account", accountId}`)
             * @example {
             *       "type": "wallet",
             *       "characterId": "384900000000000002"
             *     }
             */
            from: components["schemas"]["HolderRefDto"];
        };
        PayrollJson: {
            /** @description Every member whose grade has a salary above 0 */
            paid: components["schemas"]["PaidMemberJson"][];
            payrollId: string;
            total: number;
        };
        PendingPageJson: {
            /** @description `pending_approval` characters, oldest submission first */
            characters: components["schemas"]["CharacterJson"][];
            meta: components["schemas"]["PaginationMetaJson"];
        };
        PlayerJson: {
            /** @description The character the player plays, with its wallet */
            activeCharacter: components["schemas"]["CharacterJson"] | null;
            /** @description The game-platform account id asked for */
            externalId: string;
            /** @example 1234567890123456789 */
            userId: string;
        };
        PromoteDto: {
            /** @description The new grade, up or down */
            grade: number;
        };
        ProviderAccountJson: {
            externalId: string;
            username: string | null;
        };
        ReasonDto: {
            reason: string;
        };
        RejectBatchDto: {
            /** @description Character ids, processed as one batch; duplicates count once; unknown or malformed ids are skipped. */
            characterIds: string[];
            /** @description Why; kept on each character as `reviewNote` until it is submitted again. */
            reason?: string | null;
        };
        ReviewBatchDto: {
            /** @description Character ids, processed as one batch; duplicates count once; unknown or malformed ids are skipped. */
            characterIds: string[];
        };
        ReviewOutcomeJson: {
            /** @description the characters that changed, in the order sent */
            characters: components["schemas"]["CharacterJson"][];
            /** @description the ids left as they were, in the order sent */
            skipped: components["schemas"]["SkippedJson"][];
        };
        RoleMappingDto: {
            /**
             * @description The chat role’s id (decimal, 1–32 digits).
             * @example 1180000000000000001
             */
            chatRoleId: string;
            /**
             * @description A permission bitfield as a decimal string (USER=1, STAFF=2, MODERATOR_CHIEF=4, ADMINISTRATOR=8, SERVICE_ADMINISTRATOR=16, DEVELOPER=32). What holding the role grants.
             * @example 2
             */
            permissions: string;
        };
        RoleMappingJson: {
            /** @example 1180000000000000001 */
            chatRoleId: string;
            /**
             * @description Decimal bitfield.
             * @example 2
             */
            permissions: string;
        };
        RoleMappingsDto: {
            /** @description The whole set, at most 250, one per role. */
            mappings: components["schemas"]["RoleMappingDto"][];
            /** @description When not empty, a sign-in needs one of these roles (missing_role); at most 250. */
            requiredRoleIds: string[];
            /** @description Only members of the community sign in (not_a_member); a member who leaves loses their sessions. */
            requireMembership: boolean;
        };
        RoleMappingsJson: {
            mappings: components["schemas"]["RoleMappingJson"][];
            requiredRoleIds: string[];
            requireMembership: boolean;
        };
        SanctionJson: {
            createdAt: string;
            expiresAt: string | null;
            /** @description The issuer’s user id. */
            issuedBy: string;
            reason: string;
            revokedAt: string | null;
            revokedBy: string | null;
            revokeReason: string | null;
            sanctionId: string;
            /** @enum {string} */
            type: "ban" | "suspension" | "warning";
            userId: string;
        };
        SanctionListJson: {
            /** @description Newest first, revoked and expired ones included. */
            sanctions: components["schemas"]["SanctionJson"][];
        };
        ServiceKeyJson: {
            createdAt: string;
            /** @description The user the key acts for: it holds only the bits given to it that this user still holds, and is refused while this user is banned or gone. Null for a key made before makers were kept, which keeps its own bits. */
            createdBy: string | null;
            /** @example 1234567890123456789 */
            keyId: string;
            /** @description Kept to the minute */
            lastUsedAt: string | null;
            name: string;
            /**
             * @description Decimal string of the bitfield
             * @example 16
             */
            permissions: string;
        };
        ServiceKeyListJson: {
            serviceKeys: components["schemas"]["ServiceKeyJson"][];
        };
        SetActiveCharacterDto: {
            /**
             * @description One of the caller’s approved characters.
             * @example 1234567890123456789
             */
            characterId: string;
        };
        SetTagsDto: {
            /**
             * @description The whole set of tags, each one of `STAFF_TAGS` (case-insensitive).
             * @example [
             *       "watchlist"
             *     ]
             */
            tags: string[];
        };
        SkippedJson: {
            /** @description as sent */
            characterId: string;
            /**
             * @description `not_found` also for a malformed id; `own_character`: the reviewer's own, unless `REVIEW_SELF_APPROVAL=true`
             * @enum {string}
             */
            reason: "not_found" | "own_character" | "not_pending";
        };
        StaffCharacterJson: {
            age: number;
            avatar3dAABB: components["schemas"]["Avatar3dAabbJson"] | null;
            avatar3dCamera: components["schemas"]["Avatar3dCameraJson"] | null;
            /** @description image type avatars3d */
            avatar3dHash: string | null;
            /** @description image type avatar-bust */
            avatarHash: string | null;
            /** @enum {string} */
            bloodType: "O+" | "O-" | "A+" | "A-" | "B+" | "B-" | "AB+" | "AB-";
            /** @example 1234567890123456789 */
            characterId: string;
            createdAt: string;
            /**
             * @description DD/MM/YYYY
             * @example 12/04/1995
             */
            dob: string;
            firstNames: string;
            /** @description image type avatar */
            fullBodyHash: string | null;
            /** @enum {string} */
            gender: "Masculino" | "Femenino";
            /** @description centimetres */
            height: number;
            /** @description image type ids */
            idCardHash: string | null;
            /** @enum {string} */
            idStatus: "draft" | "pending_approval" | "approved" | "retired" | "deceased";
            lastNames: string;
            nationality: components["schemas"]["NationalityJson"];
            owner: components["schemas"]["OwnerJson"];
            /** @description why staff rejected it; cleared on submission */
            reviewNote: string | null;
            /** @description only with signature=true: data:image/png;base64,… */
            signatureData?: string | null;
            updatedAt: string;
            /** @example 1234567890123456789 */
            userId: string;
            wallet: components["schemas"]["WalletJson"] | null;
        };
        StaffCharacterPageJson: {
            characters: components["schemas"]["StaffCharacterJson"][];
            nextCursor: string | null;
        };
        StaffUserJson: {
            /** @description The active ban, else the active suspension. */
            activeSanction: components["schemas"]["ActiveSanctionJson"] | null;
            /** @description Every character, ended ones included. */
            characterCount: number;
            chatapp: components["schemas"]["ProviderAccountJson"] | null;
            gameplatform: components["schemas"]["ProviderAccountJson"] | null;
            /** @description Decimal bitfield. */
            permissions: string;
            tags: string[];
            userId: string;
        };
        StaffUserPageJson: {
            nextCursor: string | null;
            users: components["schemas"]["StaffUserJson"][];
        };
        StatementEntryJson: {
            /** @description Signed: negative when money left this wallet or account */
            amount: number;
            balanceAfter: number;
            /** @description The other side, in the shape of `from`/`to` */
            counterparty: components["schemas"]["HolderRefDto"];
            createdAt: string;
            entryId: string;
            memo: string | null;
            transferId: string;
        };
        StatementJson: {
            /** @description Newest first */
            entries: components["schemas"]["StatementEntryJson"][];
            /** @description Pass as `before` for the next page; null on the last */
            nextBefore: string | null;
        };
        TagsJson: {
            tags: string[];
        };
        TransferDto: {
            /** @example 1000 */
            amount: number;
            /**
             * @description Where the money leaves
             * @example {
             *       "type": "wallet",
             *       "characterId": "384900000000000002"
             *     }
             */
            from: components["schemas"]["HolderRefDto"];
            /** @example Salario de marzo */
            memo?: string | null;
            /**
             * @description Where the money arrives
             * @example {
             *       "type": "organisation",
             *       "organisationId": "384900000000000010"
             *     }
             */
            to: components["schemas"]["HolderRefDto"];
        };
        TransferJson: {
            amount: number;
            createdAt: string;
            /** @description as sent */
            from: components["schemas"]["HolderRefDto"];
            memo: string | null;
            /** @description as sent */
            to: components["schemas"]["HolderRefDto"];
            transferId: string;
        };
        TreasuryJson: {
            balance: number;
        };
        UpdateBankDto: {
            /** @description New absolute capital; only for `ADMINISTRATOR` (403 otherwise) */
            capital?: number;
            name?: string;
            /** @description `characterId` of the new owner; it must exist */
            ownerId?: string;
        };
        UpdateCharacterDto: {
            /**
             * @description years
             * @example 30
             */
            age?: number;
            /** @description JSON string: {camera: {position: {x,y,z}, direction: {x,y,z}, fov}, aabb: {min: {x,y,z}, max: {x,y,z}}} */
            avatar3D?: string;
            /** @enum {string} */
            bloodType?: "O+" | "O-" | "A+" | "A-" | "B+" | "B-" | "AB+" | "AB-";
            /**
             * @description ISO 8601 date, 1900 to today
             * @example 1995-04-12
             */
            dob?: string;
            /**
             * @description trimmed
             * @example Ana María
             */
            firstNames?: string;
            /** @enum {string} */
            gender?: "Masculino" | "Femenino";
            /**
             * @description centimetres
             * @example 170
             */
            height?: number;
            /**
             * @description trimmed
             * @example García López
             */
            lastNames?: string;
            /**
             * @description a `nombre` or `abrev` of GET /v1/nationalities
             * @example Argentino
             */
            nationality?: string;
        };
        UpdateNoteDto: {
            body?: string;
            pinned?: boolean;
        };
        UpdateOrganisationDto: {
            /**
             * @description The whole new list; members keep their grade number, bosses the top
             * @example [
             *       {
             *         "name": "Agente",
             *         "salary": 500,
             *         "rights": [
             *           "issue_fines",
             *           "view_treasury"
             *         ]
             *       },
             *       {
             *         "name": "Jefe",
             *         "salary": 1200,
             *         "rights": []
             *       }
             *     ]
             */
            grades?: components["schemas"]["GradeDto"][];
            name?: string;
        };
        UpdateUserDto: {
            maxCharacters?: number;
            /**
             * @description The new A permission bitfield as a decimal string (USER=1, STAFF=2, MODERATOR_CHIEF=4, ADMINISTRATOR=8, SERVICE_ADMINISTRATOR=16, DEVELOPER=32).
             * @example 9
             */
            permissions?: string;
        };
        UpdateWebhookDto: {
            active?: boolean;
            /**
             * @description actions, `prefix.*`, or `*`
             * @example [
             *       "character.approved",
             *       "bank.*"
             *     ]
             */
            events?: string[];
            url?: string;
        };
        UserJson: {
            activeCharacter: components["schemas"]["CharacterJson"] | null;
            characters: components["schemas"]["CharacterJson"][];
            createdAt: string;
            maxCharacters: number;
            /**
             * @description permission bitfield as a decimal string
             * @example 9
             */
            permissions: string;
            /** @description only with `providers=true`: `[providerName, ProviderLink]` pairs */
            providers?: unknown[][];
            updatedAt: string;
            /** @example 1234567890123456789 */
            userId: string;
        };
        UserSyncJson: {
            /** @description Set by PATCH /v1/users/:id and the command line. */
            manualPermissions: string;
            /**
             * @description What the chat provider answered: `unavailable` (timeout, error, rate limit) changed nothing.
             * @enum {string}
             */
            outcome: "member" | "not_member" | "unavailable";
            /** @description Effective permissions, as the user’s JSON shows them (decimal bitfield). */
            permissions: string;
            /**
             * Format: date-time
             * @description Latest answer of the chat provider; a failed call leaves it.
             */
            syncedAt: string | null;
            /** @description Granted by the mapped chat roles held at the latest answer. */
            syncedPermissions: string;
            userId: string;
        };
        Vector3Body: {
            x: number;
            y: number;
            z: number;
        };
        WalletJson: {
            balance: number;
            createdAt: string;
            updatedAt: string;
        };
        WebhookJson: {
            active: boolean;
            createdAt: string;
            description: string | null;
            events: string[];
            /** @enum {string} */
            format: "standard" | "discord";
            updatedAt: string;
            /** @description Masked after its first path segment (`https://hooks.example.com/api/****`): the URL itself is a secret */
            url: string;
            webhookId: string;
        };
        WebhookListJson: {
            webhooks: components["schemas"]["WebhookJson"][];
        };
        WebhookSecretJson: {
            /** @description The new `whsec_…` signing key, shown only here; the old one stops signing at once */
            secret: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    AuditController_page: {
        parameters: {
            query?: {
                /** @description an action (`character.approved`) or a prefix (`character.*`) */
                action?: string;
                /** @description user id or service key id of the actor */
                actorId?: string;
                /** @description `nextBefore` of the previous page */
                before?: string;
                limit?: number;
                /** @description id of the subject */
                subjectId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditPageJson"];
                };
            };
            /** @description `Invalid form of body`: a malformed filter, `before` or `limit` (1–100) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither ADMINISTRATOR nor MODERATOR_CHIEF */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BanksController_list: {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankPageJson"];
                };
            };
            /** @description `Invalid form of body`: `page` or `limit` out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BanksController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateBankDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankJson"];
                };
            };
            /** @description `Invalid form of body`: missing `ownerId` or `name`, or wrong types */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Lacks `SERVICE_ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Character`: no character for `ownerId` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BanksController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bankId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank`: no such bank (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BanksController_adjust: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bankId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdjustCapitalDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankJson"];
                };
            };
            /** @description `Invalid form of body` (amount missing, not a non-zero integer, or capital would pass its maximum), or `Insufficient capital` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Lacks `ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank`: no such bank (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description More than 5 requests a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BanksController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bankId: string;
            };
            cookie?: never;
        };
        /** @description JSON, or multipart with these fields as a JSON string in `data` and a PNG file in `icon` */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateBankDto"];
                "multipart/form-data": components["schemas"]["UpdateBankDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BankJson"];
                };
            };
            /** @description `Invalid form of body`: empty body, no recognized fields, wrong types, an icon that is not a sound PNG */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither the bank owner nor `ADMINISTRATOR`, or `capital` sent without `ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank`, or `Unknown Character` for a new `ownerId` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Request Timeout`: the multipart body did not arrive in time, or delivered less than 32 KiB in 5 s */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description More than 5 requests a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Service Unavailable` (`UPLOADS_BUSY`, with `Retry-After`): no upload slot freed within 10 s */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BankAccountsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bankId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountListJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither the bank owner nor `STAFF` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank`: no such bank (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BankAccountsController_open: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                bankId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountJson"];
                };
            };
            /** @description `Invalid form of body`: `characterId` missing or not an id string */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Lacks `USER` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank`, or `Unknown Character` (no such character, or not the caller's) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Duplicate Account`: the character already has an account in this bank */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    StatementsController_account: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
                bankId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not a reader */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank` or `Unknown Account` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    StatementsController_accountStatement: {
        parameters: {
            query?: {
                /** @description An `entryId` of this statement: the page starts after it */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                accountId: string;
                bankId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementJson"];
                };
            };
            /** @description `Invalid form of body`: `limit` outside 1–100, or `before` not an entry of this statement */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not a reader */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank` or `Unknown Account` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    BanksController_ledger: {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path: {
                bankId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerPageJson"];
                };
            };
            /** @description `Invalid form of body`: `page` or `limit` out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither the bank owner, `STAFF` nor `ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Bank`: no such bank (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    AdmissionController_of: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdmissionJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    PlayersController_find: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                externalId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlayerJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `MISSING_FULL_PERMISSIONS`: a person without `STAFF` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Player`: no user has linked this game-platform account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    HealthController_check: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process serves requests, whatever its dependencies do (liveness); empty body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready for traffic: the database, Redis (when configured) and the file store answer; empty body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A dependency does not answer, or the process is shutting down. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ImagesController_serve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description lowercase SHA-256 hex of the bytes plus `.png` (or `.glb` for avatars3d) */
                hash: string;
                type: "avatar-bust" | "ids" | "avatars3d" | "avatar" | "icons";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored bytes; cacheable for a year, immutable. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `If-None-Match` matched the ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Invalid image type` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unknown Image`: no such file, or a malformed hash */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The storage could not be read. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvoicesController_list: {
        parameters: {
            query?: {
                /** @description The billed character */
                characterId?: string;
                /** @description `nextCursor` of the previous page */
                cursor?: string;
                kind?: "invoice" | "fine";
                limit?: number;
                /** @description The issuing organisation */
                organisationId?: string;
                status?: "pending" | "paid" | "cancelled" | "declined";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoicePageJson"];
                };
            };
            /** @description `Invalid form of body`: an unknown `status` or `kind`, a malformed id or cursor, `limit` outside 1–100 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: reading an organisation's invoices without the right */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    InvoicesController_issue: {
        parameters: {
            query?: never;
            header: {
                /** @description 8–64 of `[A-Za-z0-9_-]`, chosen by the client per request */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueInvoiceDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceJson"];
                };
            };
            /** @description `Invalid form of body`: the header, unknown fields, an amount that is not a positive integer, a reason of 1–140 without control characters, `dueAt` in the past, a fine from a wallet, a character billing itself */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the owner of the issuing wallet, or without the right in the organisation */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Wallet`, `Unknown Organisation` or `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Character Not Approved` (the billed character), `Frozen` (the issuing wallet), or `Idempotency-Key reused` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    InvoicesController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the issuer side */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Invoice`: no such invoice (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Not Pending` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    InvoicesController_decline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                invoiceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the billed owner, or the invoice is a fine */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Invoice`: no such invoice (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Not Pending` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    InvoicesController_pay: {
        parameters: {
            query?: never;
            header: {
                /** @description 8–64 of `[A-Za-z0-9_-]`, chosen by the client per request */
                "Idempotency-Key": string;
            };
            path: {
                invoiceId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayInvoiceDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvoiceJson"];
                };
            };
            /** @description `Invalid form of body` (the header; `from` not the billed character's wallet or account), or `Insufficient funds` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the billed character's owner */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Invoice` or `Unknown Account` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Not Pending` (paid, cancelled or declined already), `Frozen`, or `Idempotency-Key reused` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    NationalitiesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sorted by `nombre`; input matches `nombre` (case and accents ignored) or `abrev`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NationalityListJson"];
                };
            };
            /** @description `If-None-Match` matched the ETag. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    NotesController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                noteId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither the author nor an ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Note` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    NotesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                noteId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateNoteDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoteJson"];
                };
            };
            /** @description `Invalid form of body` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither the author nor an ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Note` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    OAuthController_callback: {
        parameters: {
            query: {
                code: unknown;
                state: unknown;
            };
            header?: never;
            path: {
                provider: "chatapp" | "gameplatform";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To `<redirectUrl>?state=<state>`, or to FAILURE_REDIRECT_URL on any failure (also without the `oauth_binding` cookie of the start). Clears that cookie. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthController_start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "chatapp" | "gameplatform";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OAuthStartDto"];
            };
        };
        responses: {
            /** @description Also sets the `oauth_binding` cookie. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthStartResponseDto"];
                };
            };
            /** @description `Invalid redirect URL`, or `Invalid form of body` for unknown fields. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unknown Provider`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthController_logout: {
        parameters: {
            query?: {
                /** @description `true` revokes every session of the user. */
                all?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out; both cookies cleared. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session (`{error, code}`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OrganisationsController_list: {
        parameters: {
            query?: {
                /** @description `nextCursor` of the previous page */
                cursor?: string;
                limit?: number;
                type?: "job" | "faction" | "business";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganisationPageJson"];
                };
            };
            /** @description `Invalid form of body`: an unknown `type`, a malformed `cursor`, `limit` outside 1–100 */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    OrganisationsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrganisationDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganisationJson"];
                };
            };
            /** @description `Invalid form of body`: a name of 2–64, a type, 1–20 grades of {name 1–32, salary 0–10^9, rights}, unknown fields refused */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither `ADMINISTRATOR` nor a key holding `SERVICE_ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Character`: no character `bossCharacterId` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Duplicate Organisation` (the name, ignoring case), `Character Not Approved` (the boss is not approved or has ended), or `Membership Limit` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    OrganisationsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganisationJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`: no such organisation (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    OrganisationsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organisationId: string;
            };
            cookie?: never;
        };
        /** @description JSON, or multipart with these fields as a JSON string in `data` and a PNG file in `icon` */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrganisationDto"];
                "multipart/form-data": components["schemas"]["UpdateOrganisationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganisationJson"];
                };
            };
            /** @description `Invalid form of body`: empty body, wrong types, unknown fields, an icon that is not a sound PNG */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither a boss (through the active character) nor `ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`: no such organisation (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Request Timeout`: the multipart body did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Duplicate Organisation` or `Grade In Use` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description More than 10 requests a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    MembersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberListJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: neither a member (active character) nor staff */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`: no such organisation (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    MembersController_hire: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["HireDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberJson"];
                };
            };
            /** @description `Invalid form of body`, or a grade the organisation does not have */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: without `hire`, or at or above the actor's own grade */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation` or `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Character Not Approved` (not approved, or ended), `Already Member`, or `Membership Limit` (5 organisations, one `job`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    MembersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                characterId: string;
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The membership ended */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: without `fire`, or the member at or above the actor's own grade */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`, or `Unknown Member`: the character is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Last Boss`: the last member at the boss grade cannot leave or be fired, except by `ADMINISTRATOR` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    MembersController_promote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                characterId: string;
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromoteDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberJson"];
                };
            };
            /** @description `Invalid form of body`, or a grade the organisation does not have */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: without `promote`, or the member or the grade at or above the actor's own */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`, or `Unknown Member`: the character is not a member */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    TreasuryController_pay: {
        parameters: {
            query?: never;
            header: {
                /** @description 8–64 of `[A-Za-z0-9_-]`, chosen by the client per request */
                "Idempotency-Key": string;
            };
            path: {
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayrollJson"];
                };
            };
            /** @description `Invalid form of body` (the header), or `Insufficient funds` with `details: {needed}`, the total the payroll needs */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not a boss (through the active character) nor an administrator */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`: no such organisation (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Idempotency-Key reused`: the key came earlier with another request */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    TreasuryController_statement: {
        parameters: {
            query?: {
                /** @description An `entryId` of this statement: the page starts after it */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                organisationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementJson"];
                };
            };
            /** @description `Invalid form of body`: `limit` outside 1–100, or `before` not an entry of this statement */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: without `view_treasury` (through the active character), not staff */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Organisation`: no such organisation (or a malformed id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ChatRolesController_show: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleMappingsJson"];
                };
            };
            /** @description `Unauthorized`: no valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `MISSING_FULL_PERMISSIONS`: lacks `ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ChatRolesController_replace: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RoleMappingsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleMappingsJson"];
                };
            };
            /** @description `Invalid form of body`: a malformed or repeated role id, a malformed bitfield, a missing field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `MISSING_FULL_PERMISSIONS`, or `Forbidden`: a mapping added, changed or removed holds a bit the caller lacks (nothing changes) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    SanctionsController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sanctionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SanctionJson"];
                };
            };
            /** @description `Invalid form of body`: reason (1–500) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: none of MODERATOR_CHIEF, ADMINISTRATOR (`MISSING_FULL_PERMISSIONS`), the caller themselves, or a user holding a bit the caller lacks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Sanction` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Sanction Already Revoked` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ServiceKeysController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ServiceKeyListJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `MISSING_FULL_PERMISSIONS`: lacks `ADMINISTRATOR` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ServiceKeysController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateServiceKeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedServiceKeyJson"];
                };
            };
            /** @description `Invalid form of body`: `name` or `permissions` missing or malformed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `MISSING_FULL_PERMISSIONS`, or `Forbidden`: a bit the caller lacks, or the caller is a service key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ServiceKeysController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `MISSING_FULL_PERMISSIONS`, or `Forbidden`: the caller is a service key */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Service Key` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    StaffController_characters: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                limit?: number;
                /** @description Prefix of any word of the first or last names, case and accents ignored. */
                q?: string;
                /** @description Comma-separated statuses: draft, pending_approval, approved, retired, deceased. */
                status?: string;
                /** @description Only the characters of this user. */
                userId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffCharacterPageJson"];
                };
            };
            /** @description `Invalid form of body`: limit not 1–100, an unknown status, a malformed userId or cursor */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharacterEndingsController_decease: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                characterId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description `Invalid form of body`: reason (1–500) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Not Approved`: the character is not approved (or already ended that way) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharacterEndingsController_retire: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                characterId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReasonDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description `Invalid form of body`: reason (1–500) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Not Approved`: the character is not approved (or already ended that way) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ReviewController_approve: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReviewBatchDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewOutcomeJson"];
                };
            };
            /** @description `Invalid form of body`: `characterIds` missing or not 1–100 strings, or an unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description The batch could not be completed; nothing changed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ReviewController_pending: {
        parameters: {
            query?: {
                limit?: number;
                page?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page past the end has no characters and a true `meta`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PendingPageJson"];
                };
            };
            /** @description `Invalid form of body`: `page` or `limit` is not an integer in range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ReviewController_reject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RejectBatchDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewOutcomeJson"];
                };
            };
            /** @description `Invalid form of body`: `characterIds` missing or not 1–100 strings, `reason` over 500 characters, or an unknown field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of MODERATOR_CHIEF, ADMINISTRATOR, DEVELOPER */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description The batch could not be completed; nothing changed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    NotesController_allowedTags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagsJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    StaffController_users: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page. */
                cursor?: string;
                limit?: number;
                /** @description Prefix of a chat username or display name (case and accents ignored), or exactly a user id, chat id or game-platform id. */
                q?: string;
                /** @description Only users holding this tag (one of `STAFF_TAGS`). */
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffUserPageJson"];
                };
            };
            /** @description `Invalid form of body`: limit not 1–100, an unknown tag, or a cursor this API did not make */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    StaffController_dossier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DossierJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: MISSING_FULL_PERMISSIONS, or the caller’s own dossier (it holds notes about them) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    TransfersController_create: {
        parameters: {
            query?: never;
            header: {
                /** @description 8–64 of `[A-Za-z0-9_-]`, chosen by the client per request */
                "Idempotency-Key": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferJson"];
                };
            };
            /** @description `Invalid form of body` (body or header), `Insufficient funds`, or `Balance limit exceeded` (a credit past 2^53−1) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the owner of `from`, or `external` without the right */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Wallet` or `Unknown Account` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Idempotency-Key reused`: the key came earlier with another body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ProfilesController_get: {
        parameters: {
            query?: {
                /** @description `true` adds `providers`. */
                providers?: unknown;
                /** @description `true` adds `signatureData` to the characters. */
                signature?: unknown;
            };
            header?: never;
            path: {
                /** @description A user id, or `@me` for the caller. */
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The User resource. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserJson"];
                };
            };
            /** @description No valid session (`{error, code}`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Forbidden`: another user without permission. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unknown User`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfilesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user id, or `@me` for the caller. */
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateUserDto"];
            };
        };
        responses: {
            /** @description The updated User. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserJson"];
                };
            };
            /** @description `Invalid form of body` with `details`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session (`{error, code}`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description MISSING_FULL_PERMISSIONS, or `Forbidden`: changing a bit the caller lacks. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unknown User`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProfilesController_setActiveCharacter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user id, or `@me` for the caller. */
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetActiveCharacterDto"];
            };
        };
        responses: {
            /** @description The updated User. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserJson"];
                };
            };
            /** @description `Invalid form of body` with `details`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session (`{error, code}`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Forbidden`: not the owner. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unknown Character`: no such character of this user. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Character Not Approved`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    CharactersController_list: {
        parameters: {
            query?: {
                /** @description `true` adds `signatureData` */
                signature?: string;
            };
            header?: never;
            path: {
                /** @description a user id, or `@me` for the caller */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every character of the user, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterListJson"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: not the caller, whether that user exists or not */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharactersController_create: {
        parameters: {
            query?: {
                /** @description `true` adds `signatureData` */
                signature?: string;
            };
            header?: never;
            path: {
                /** @description a user id, or `@me` for the caller */
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateCharacterDto"];
            };
        };
        responses: {
            /** @description A `draft` character. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description `Invalid form of body`, with `details` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the caller */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `User Max Character Limit Exceeded` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharactersController_get: {
        parameters: {
            query?: {
                /** @description `true` adds `signatureData` */
                signature?: string;
            };
            header?: never;
            path: {
                characterId: string;
                /** @description a user id, or `@me` for the caller */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: neither the owner nor staff */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` or `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharactersController_edit: {
        parameters: {
            query?: {
                /** @description `true` adds `signatureData` */
                signature?: string;
            };
            header?: never;
            path: {
                characterId: string;
                /** @description a user id, or `@me` for the caller */
                userId: string;
            };
            cookie?: never;
        };
        /** @description JSON: `UpdateCharacterDto`. Multipart: `CharacterUploadDto` (the JSON fields in `data`, beside the files). */
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateCharacterDto"] | components["schemas"]["CharacterUploadDto"];
                "multipart/form-data": components["schemas"]["UpdateCharacterDto"] | components["schemas"]["CharacterUploadDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description `Invalid form of body`, with `details` naming each bad field or file; nothing is changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` (not the caller, or approved and not an administrator or developer); `Character Pending Approval` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` or `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Request Timeout`: the multipart body did not arrive in time, or delivered less than 32 KiB in 5 s */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description More than 5 edits a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Service Unavailable` (`UPLOADS_BUSY`, with `Retry-After`): no upload slot freed within 10 s */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharactersController_cancel: {
        parameters: {
            query?: {
                /** @description `true` adds `signatureData` */
                signature?: string;
            };
            header?: never;
            path: {
                characterId: string;
                /** @description a user id, or `@me` for the caller */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Back to `draft`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description Already a draft; no body. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` (not the caller); `Unauthorized` (approved) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` or `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Missing character data`: the status update did not apply */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    CharactersController_submit: {
        parameters: {
            query?: {
                /** @description `true` adds `signatureData` */
                signature?: string;
            };
            header?: never;
            path: {
                characterId: string;
                /** @description a user id, or `@me` for the caller */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Now `pending_approval`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CharacterJson"];
                };
            };
            /** @description Unauthorized */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the caller */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` or `Unknown Character` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Duplicate Submission`: not a draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Missing character data`, with `details` naming what is missing */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    StatementsController_wallet: {
        parameters: {
            query?: {
                /** @description An `entryId` of this statement: the page starts after it */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                characterId: string;
                /** @description The owner, or `@me` (not for service keys) */
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatementJson"];
                };
            };
            /** @description `Invalid form of body`: `limit` outside 1–100, or `before` not an entry of this statement */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description No valid session or key */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not a reader */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User`, `Unknown Character`, or `Unknown Wallet` (not approved yet) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    GamePlatformController_avatar: {
        parameters: {
            query?: {
                /** @description `true` answers the PNG itself; anything else the JSON */
                download?: string;
            };
            header?: never;
            path: {
                /** @description the caller's own user id, or `@me` */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored image's address, or with `download=true` the PNG bytes (nothing is stored then). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvatarImageDto"];
                    "image/png": string;
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unauthorized`: `userId` is not the caller (whether that user exists or not, or the id is malformed) · `Forbidden`: no linked `gameplatform` account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Too Many Requests`: more than 5 calls a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Could not retrieve the user's avatar-bust`: the thumbnail service failed or sent an unusable image · `Internal Server Error`: the PNG could not be sent */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GamePlatformController_avatar3d: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the caller's own user id, or `@me` */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The platform's 3D description: file references, camera and bounding box. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Avatar3dDto"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unauthorized`: `userId` is not the caller (whether that user exists or not, or the id is malformed) · `Forbidden`: no linked `gameplatform` account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Too Many Requests`: more than 5 calls a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Could not retrieve the user's avatar-3d`: the thumbnail service failed or sent unusable data */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    GamePlatformController_avatarBust: {
        parameters: {
            query?: {
                /** @description `true` answers the PNG itself; anything else the JSON */
                download?: string;
            };
            header?: never;
            path: {
                /** @description the caller's own user id, or `@me` */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stored image's address, or with `download=true` the PNG bytes (nothing is stored then). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvatarImageDto"];
                    "image/png": string;
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unauthorized`: `userId` is not the caller (whether that user exists or not, or the id is malformed) · `Forbidden`: no linked `gameplatform` account */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Too Many Requests`: more than 5 calls a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Could not retrieve the user's avatar-bust`: the thumbnail service failed or sent an unusable image · `Internal Server Error`: the PNG could not be sent */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    NotesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoteListJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: MISSING_FULL_PERMISSIONS, or the note is about the caller (never shown to its subject) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    NotesController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateNoteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NoteJson"];
                };
            };
            /** @description `Invalid form of body`: body (1–2000), pinned (boolean) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: MISSING_FULL_PERMISSIONS, or the note is about the caller (never shown to its subject) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ProviderLinksController_unlink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description `gameplatform` (the `chatapp` link is the account itself and stays) */
                provider: string;
                /** @description The caller's own id, or `@me` */
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Unlinked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: not the caller's own user (service keys included), or `chatapp` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Provider`: no such provider, or no game-platform account linked */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    SanctionsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A user id, or `@me`. */
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SanctionListJson"];
                };
            };
            /** @description `Unauthorized` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: another user without STAFF, MODERATOR_CHIEF or ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    SanctionsController_issue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IssueSanctionDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SanctionJson"];
                };
            };
            /** @description `Invalid form of body`: type, reason (1–500) or expiresAt (required; future ISO 8601 or null) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden`: none of MODERATOR_CHIEF, ADMINISTRATOR (`MISSING_FULL_PERMISSIONS`), the caller themselves, or a user holding a bit the caller lacks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    ChatRolesController_syncUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserSyncJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User`: no such user, or none with a chat account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Chat Roles Off`: CHATAPP_API_URL is not configured */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    NotesController_setTags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetTagsDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TagsJson"];
                };
            };
            /** @description `Invalid form of body`: a tag not in STAFF_TAGS */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown User` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Too Many Requests`: more than 10 a minute */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookListJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWebhookJson"];
                };
            };
            /** @description `Invalid form of body`: unknown event, empty `events`, or a `url` that is not https or resolves to a loopback, private or link-local address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Webhook` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookJson"];
                };
            };
            /** @description `Invalid form of body`: unknown event, empty `events`, or a `url` that is not https or resolves to a loopback, private or link-local address */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Webhook` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_deliveries: {
        parameters: {
            query?: {
                /** @description `nextBefore` of the previous page */
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPageJson"];
                };
            };
            /** @description `Invalid form of body`: `before` or `limit` (1–100) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Webhook` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Webhook` or `Unknown Delivery` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Delivery Not Failed` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecretJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Webhook` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `No Webhook Secret`: a `discord` webhook signs nothing */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
    WebhooksController_test: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryIdJson"];
                };
            };
            /** @description `Unauthorized`: no valid session */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Forbidden` `MISSING_FULL_PERMISSIONS`: not ADMINISTRATOR */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
            /** @description `Unknown Webhook` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorJson"];
                };
            };
        };
    };
}
