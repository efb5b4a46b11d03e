export const SHORT_LIVED_STORE = Symbol('SHORT_LIVED_STORE');
