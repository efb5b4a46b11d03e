import { createContext, Fragment, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { en } from './en';
import { es, type MessageKey } from './es';
import { formattingTag, initialLocale, type Locale, rememberLocale } from './locale';

export type { MessageKey };
export type Vars = Record<string, string | number>;

/** Keys with `.one` and `.other` forms, named without the suffix. */
export type PluralKey = MessageKey extends infer K ? (K extends `${infer Base}.one` ? Base : never) : never;

export interface I18n {
  locale: Locale;
  setLocale(locale: Locale): void;
  t(key: MessageKey, vars?: Vars): string;
  /** A message whose `{name}` places hold elements (links), for sentences that link what they name. */
  rich(key: MessageKey, parts: Record<string, ReactNode>): ReactNode;
  /** The `.one` or `.other` form for `count` (which `{count}` shows). */
  plural(key: PluralKey, count: number, vars?: Vars): string;
  dateTime(iso: string): string;
  number(value: number): string;
  /** "a, b or c" in the chosen language. */
  either(items: string[]): string;
  /** "a, b and c" in the chosen language. */
  all(items: string[]): string;
}

const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { es, en };
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const i18n = useMemo(() => makeI18n(locale, (next) => (rememberLocale(next), setLocale(next))), [locale]);
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}

function makeI18n(locale: Locale, setLocale: (locale: Locale) => void): I18n {
  const messages = CATALOGUES[locale];
  const tag = formattingTag(locale);
  // The viewer's time zone is Intl's default: no timeZone option anywhere.
  const dates = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
  const numbers = new Intl.NumberFormat(tag);
  const plurals = new Intl.PluralRules(tag);
  const alternatives = new Intl.ListFormat(tag, { type: 'disjunction' });
  const conjunction = new Intl.ListFormat(tag, { type: 'conjunction' });
  const t = (key: MessageKey, vars?: Vars) => fill(messages[key], vars);
  return {
    locale,
    setLocale,
    t,
    rich: (key, parts) => interleave(messages[key], parts),
    plural: (key, count, vars) =>
      t(`${key}.${plurals.select(count) === 'one' ? 'one' : 'other'}` as MessageKey, { count: numbers.format(count), ...vars }),
    dateTime: (iso) => dates.format(new Date(iso)),
    number: (value) => numbers.format(value),
    either: (items) => alternatives.format(items),
    all: (items) => conjunction.format(items),
  };
}

function fill(message: string, vars?: Vars): string {
  return vars ? message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole)) : message;
}

function interleave(message: string, parts: Record<string, ReactNode>): ReactNode {
  return message.split(/\{(\w+)\}/).map((piece, index) => <Fragment key={index}>{index % 2 ? (parts[piece] ?? `{${piece}}`) : piece}</Fragment>);
}
