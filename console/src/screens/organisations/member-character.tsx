import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client';
import { answer } from '../../api/problem';
import { useResource } from '../../api/resource';
import { Link } from '../../router/router';
import { CharacterStatusBadge } from '../../ui/badges';
import { fullName } from '../characters/character-facts';
import type { Member } from './acting';

/** The members' character names as they arrive, for the dialogs' titles. */
export interface MemberNames {
  of(member: Member): string;
  learn(characterId: string, name: string): void;
}

export function useMemberNames(): MemberNames {
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const learn = useCallback(
    (characterId: string, name: string) => setKnown((before) => (before.get(characterId) === name ? before : new Map(before).set(characterId, name))),
    [],
  );
  return useMemo(() => ({ of: (member) => known.get(member.characterId) ?? member.characterId, learn }), [known, learn]);
}

/** A member's character by name, linked to its page; its id until the name comes (or if it cannot). */
export function MemberCharacter({ member, names }: { member: Member; names: MemberNames }) {
  const { userId, characterId } = member;
  const character = useResource(
    (signal) => answer(api.GET('/v1/users/{userId}/characters/{characterId}', { params: { path: { userId, characterId } }, signal })),
    [userId, characterId],
  );
  const name = character.status === 'ready' ? fullName(character.data) : undefined;
  useEffect(() => {
    if (name) names.learn(characterId, name);
  }, [name, characterId, names.learn]);
  return (
    <>
      <Link to={{ screen: 'character', userId, characterId }}>{name ?? <span className="mono">{characterId}</span>}</Link>
      {character.status === 'ready' && character.data.idStatus !== 'approved' && (
        <>
          {' '}
          <CharacterStatusBadge status={character.data.idStatus} />
        </>
      )}
    </>
  );
}
