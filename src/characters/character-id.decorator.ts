import { Param } from '@nestjs/common';
import { UnknownCharacter } from '../common/errors/domain-error';
import { ParseSnowflakePipe } from '../common/ids';

/** `:characterId`; a malformed id is an unknown character (decisions §4.24). */
export const CharacterId = () => Param('characterId', new ParseSnowflakePipe(() => new UnknownCharacter()));
