import { DomainError } from '../common/errors/domain-error';

/** A sync asked for while CHATAPP_API_URL, CHATAPP_BOT_TOKEN and CHATAPP_GUILD_ID are unset. */
export class ChatRolesOff extends DomainError {
  constructor() {
    super(409, 'Chat Roles Off');
  }
}
