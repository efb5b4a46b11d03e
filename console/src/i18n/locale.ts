export type Locale = 'es' | 'en';

export const LOCALES: readonly Locale[] = ['es', 'en'];

const STORAGE_KEY = 'console.locale';

/** The language chosen with the switch, else the browser's first Spanish or English preference, else Spanish. */
export function initialLocale(): Locale {
  const stored = readStored();
  if (stored) return stored;
  for (const tag of browserLanguages()) {
    const language = primaryLanguage(tag);
    if (language === 'es' || language === 'en') return language;
  }
  return 'es';
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is closed.
  }
}

/** Dates and numbers in the viewer's own variant of the chosen language (es-AR, en-GB), else the language itself. */
export function formattingTag(locale: Locale): string {
  return browserLanguages().find((tag) => primaryLanguage(tag) === locale) ?? locale;
}

function readStored(): Locale | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'es' || value === 'en' ? value : undefined;
  } catch {
    return undefined;
  }
}

function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function primaryLanguage(tag: string): string {
  return tag.toLowerCase().split('-')[0];
}
