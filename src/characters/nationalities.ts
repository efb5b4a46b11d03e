import countries from 'i18n-iso-countries';
import nationalities from 'i18n-nationality';
import countriesEs from 'i18n-iso-countries/langs/es.json';
import nationalitiesEs from 'i18n-nationality/langs/es.json';

/** A nationality as the contract shows it: demonym, alpha-3 code and country. */
export interface Nationality {
  nombre: string;
  abrev: string;
  lugar: string;
}

countries.registerLocale(countriesEs);
nationalities.registerLocale(nationalitiesEs);

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').trim().toLowerCase();
}

/** The Spanish demonyms of the ISO 3166 countries (decisions §4.22), sorted by name. */
export const NATIONALITIES: readonly Nationality[] = Object.entries(nationalities.getNames('es'))
  .map(([alpha2, nombre]) => ({
    nombre: String(nombre).trim(),
    abrev: countries.alpha2ToAlpha3(alpha2) ?? alpha2,
    lugar: countries.getName(alpha2, 'es') ?? String(nombre),
  }))
  .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));

const byKey = new Map<string, Nationality>();
/** Stored characters hold the code itself: every character shown looks it up, unfolded. */
const byCode = new Map<string, Nationality>();
for (const nationality of NATIONALITIES) {
  byCode.set(nationality.abrev, nationality);
  byKey.set(fold(nationality.abrev), nationality);
  if (!byKey.has(fold(nationality.nombre))) byKey.set(fold(nationality.nombre), nationality);
}

/** Finds a nationality by its name (case and accents ignored) or its code. */
export function findNationality(input: string): Nationality | undefined {
  return byCode.get(input) ?? byKey.get(fold(input));
}
