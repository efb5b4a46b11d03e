import { useI18n } from '../i18n/i18n';

/** An instant in the viewer's locale and time zone. */
export function Time({ value }: { value: string }) {
  const { dateTime } = useI18n();
  return <time dateTime={value}>{dateTime(value)}</time>;
}
