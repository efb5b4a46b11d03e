import type { Schemas } from '../../../../clients/typescript';
import { useI18n } from '../../i18n/i18n';
import { Link } from '../../router/router';
import { Empty } from '../../ui/states';
import { fullName } from '../characters/character-facts';
import { InvoiceItem } from '../invoices/invoice-item';
import { OrganisationTypeBadge } from '../organisations/organisation-facts';

type Dossier = Schemas['DossierJson'];

/** Where the user's characters belong, and the fines they still owe (decisions §14). */
export function OrganisationsSection({ dossier }: { dossier: Dossier }) {
  const { t } = useI18n();
  const names = new Map(dossier.characters.map((character) => [character.characterId, fullName(character)]));
  const nameOf = (characterId: string) => names.get(characterId) ?? characterId;
  return (
    <section aria-labelledby="organisations">
      <h2 id="organisations">{t('dossier.organisations')}</h2>
      <h3>{t('dossier.memberships')}</h3>
      {dossier.memberships.length === 0 ? (
        <Empty>{t('dossier.noMemberships')}</Empty>
      ) : (
        <ul className="rows">
          {dossier.memberships.map((membership) => (
            <li key={`${membership.organisationId}-${membership.characterId}`} className="row">
              <p className="row-title">
                <Link to={{ screen: 'organisation', organisationId: membership.organisationId }}>{membership.name}</Link>{' '}
                <OrganisationTypeBadge type={membership.type} />
              </p>
              <p className="hint">
                {nameOf(membership.characterId)} · {t('dossier.membershipGrade', { grade: membership.grade })}
              </p>
            </li>
          ))}
        </ul>
      )}
      <h3>{t('dossier.pendingFines')}</h3>
      {dossier.pendingFines.length === 0 ? (
        <Empty>{t('dossier.noPendingFines')}</Empty>
      ) : (
        <ul className="rows">
          {dossier.pendingFines.map((fine) => (
            <InvoiceItem key={fine.invoiceId} invoice={fine} billed={nameOf(fine.to.characterId)} />
          ))}
        </ul>
      )}
    </section>
  );
}
