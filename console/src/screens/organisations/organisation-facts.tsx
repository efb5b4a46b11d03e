import { type I18n, useI18n } from '../../i18n/i18n';
import { type Grade, ORGANISATION_TYPES, type OrganisationType } from './acting';

export function OrganisationTypeBadge({ type }: { type: OrganisationType }) {
  const { t } = useI18n();
  return <span className={`badge organisation-${type}`}>{t(`organisations.type.${type}`)}</span>;
}


/** A grade as the members see it: its number, its name, and "boss" on the top one. */
export function gradeLabel({ t }: I18n, grade: Grade, top: number): string {
  return t(grade.grade === top ? 'organisations.gradeLabel.boss' : 'organisations.gradeLabel', { grade: grade.grade, name: grade.name });
}

/** The three types; with `any`, a first choice for none (a filter). */
export function TypeSelect({ id, value, changed, any }: { id: string; value: string; changed(type: string): void; any?: string }) {
  const { t } = useI18n();
  return (
    <select id={id} value={value} onChange={(event) => changed(event.target.value)}>
      {any && <option value="">{any}</option>}
      {ORGANISATION_TYPES.map((one) => (
        <option key={one} value={one}>
          {t(`organisations.type.${one}`)}
        </option>
      ))}
    </select>
  );
}
