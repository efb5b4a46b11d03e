/** Error texts shared by the moderation and staff routes' OpenAPI descriptions. */
export const STAFF_ACCESS_ERRORS = {
  401: '`Unauthorized`: no valid session',
  403: '`Forbidden` `MISSING_FULL_PERMISSIONS`: none of STAFF, MODERATOR_CHIEF, ADMINISTRATOR',
  429: '`Too Many Requests`: more than 10 a minute',
};

export const ISSUER_ACCESS_ERRORS = {
  401: '`Unauthorized`: no valid session',
  403: '`Forbidden`: none of MODERATOR_CHIEF, ADMINISTRATOR (`MISSING_FULL_PERMISSIONS`), the caller themselves, or a user holding a bit the caller lacks',
  429: '`Too Many Requests`: more than 10 a minute',
};
