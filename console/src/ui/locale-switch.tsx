import { useId } from 'react';
import { useI18n } from '../i18n/i18n';
import { LOCALES, type Locale } from '../i18n/locale';

/** Overrides the browser's language; the choice is remembered on this device. */
export function LocaleSwitch() {
  const { t, locale, setLocale } = useI18n();
  const id = useId();
  return (
    <div className="locale-switch">
      <label htmlFor={id}>{t('locale.label')}</label>
      <select id={id} value={locale} onChange={(event) => setLocale(event.target.value as Locale)}>
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(`locale.${option}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
