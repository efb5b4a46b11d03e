import type { Schemas } from '../../../clients/typescript';
import { useI18n } from '../i18n/i18n';
import { Link } from '../router/router';

/** An amount of the game's money; `signed` shows a + on money coming in. */
export function Money({ amount, signed }: { amount: number; signed?: boolean }) {
  const { t, number } = useI18n();
  return <span className="money">{t('money.amount', { amount: `${signed && amount > 0 ? '+' : ''}${number(amount)}` })}</span>;
}

/** A holder of money: a character's wallet, a bank account, an organisation, or outside the game's money. */
export function HolderName({ holder }: { holder: Schemas['HolderRefDto'] }) {
  const { t } = useI18n();
  switch (holder.type) {
    case 'wallet':
      return <>{t('holder.wallet', { id: holder.characterId ?? '' })}</>;
    case 'account':
      return <>{t('holder.account', { id: holder.accountId ?? '' })}</>;
    case 'organisation':
      return <Link to={{ screen: 'organisation', organisationId: holder.organisationId ?? '' }}>{t('holder.organisation')}</Link>;
    case 'external':
      return <>{t('holder.external')}</>;
  }
}
